/*
 * The contact page's and POST /api/contact's own texts (docs/spec.md §12), verbatim there: apart
 * from the form's (contact.ts), which the visitor's script carries.
 */
export const contactPageTexts = {
  heading: "Contact",
  intro: "Tell me about your project. I usually answer within two working days.",
  sent: "Thank you, your message is on its way. I will answer by e-mail.",
  askAboutProject: "Ask about this project",
  tooFast: "That was quicker than anyone can type. Wait a few seconds and send again.",
  expired: "This form is more than a day old. Reload the page and send again.",
  refused: "The message could not be sent. Reload the page and try again.",
  tooLarge: "The message is too long to send (10 kB at most).",
  tooMany: "Too many messages were sent. Please try again later, or write by e-mail.",
  stored: "Message received",
} as const;
