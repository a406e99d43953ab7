// The words of an API refusal (an ApiError from api.js): the field messages, else its message.

export function reasonOf(error) {
  const errors = error?.body?.errors || {};
  const messages = Object.values(errors).flat();
  return messages.length ? messages.join(" ") : error?.body?.message || error?.message || "";
}
