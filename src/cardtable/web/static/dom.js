// Building the page's elements: one helper shared by the lobby and the table.

/** An element with attributes ("text" sets its text, "onclick" its click handler) and children. */
export const el = (tag, attributes = {}, ...children) => {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "onclick") element.addEventListener("click", value);
    else if (key === "text") element.textContent = value;
    else element.setAttribute(key, value);
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
};
