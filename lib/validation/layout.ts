import { z } from "zod";
import { SECTION_LAYOUTS } from "@/lib/domain";

export const invalidLayoutMessage = "Invalid layout: use grid, natural or full";

export const layoutSchema = z.enum(SECTION_LAYOUTS, { error: invalidLayoutMessage });
