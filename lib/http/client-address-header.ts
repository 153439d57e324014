/** The header the server itself sets to the TCP peer's address (see client-address.ts). */
export const CLIENT_ADDRESS_HEADER = "x-portfolio-client-address";
