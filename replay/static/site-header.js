// The site's header, the same on every page: where a table can go from anywhere (the
// matches, a new match, the leaderboards, each game's guide, the API). Each page includes
// this module; the guides are listed from GET /systems when the menu is first opened.
import { api } from "/static/api.js";
import { h } from "/static/dom.js";

const STYLE = `
.site-nav { background: #0f3d2e; color: #fff; font-size: .95rem; }
.site-nav ul { list-style: none; margin: 0 auto; padding: .15rem .5rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0 .2rem; }
.site-nav a, .site-nav summary { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 .55rem; color: #fff; text-decoration: none; font-weight: 600; cursor: pointer; border-radius: 6px; }
.site-nav a:hover, .site-nav summary:hover, .site-nav a:focus-visible { background: rgba(255,255,255,.14); }
.site-nav a[aria-current="page"] { text-decoration: underline; text-underline-offset: .25em; }
.site-nav details { position: relative; }
.site-nav details ul { position: absolute; z-index: 20; left: 0; top: 100%; display: block; min-width: 12rem; padding: .3rem; background: #0f3d2e; border-radius: 0 0 8px 8px; box-shadow: 0 6px 16px rgba(0,0,0,.25); }
.site-nav details li a { width: 100%; box-sizing: border-box; }
/* A phone: the five links on one line. */
@media (max-width: 30rem) { .site-nav { font-size: .82rem; } .site-nav ul { padding: .1rem .15rem; gap: 0; justify-content: space-between; } .site-nav a, .site-nav summary { padding: 0 .25rem; } }
`;

const LINKS = [
  ["/", "Matches"],
  ["/new", "New match"],
  ["/leaderboards", "Leaderboards"],
];

function current(path) {
  const here = location.pathname;
  return here === path || (path !== "/" && here.startsWith(`${path}/`)) || (path === "/" && here === "/index.html");
}

async function fillGuides(list) {
  if (list.dataset.filled) return;
  list.dataset.filled = "true";
  try {
    const systems = await api("/systems");
    list.replaceChildren(...systems.map((system) => h("li", null, h("a", { href: system.guide || `/guide/${encodeURIComponent(system.name)}` }, system.title))));
  } catch {
    list.replaceChildren(h("li", null, "The guides could not be listed."));
    delete list.dataset.filled;
  }
}

export function drawSiteHeader() {
  if (document.querySelector(".site-nav")) return;
  document.head.append(h("style", null, STYLE));
  const guides = h("ul", { class: "site-guides" });
  const menu = h("details", { class: "site-guides-menu", ontoggle: () => menu.open && fillGuides(guides) }, h("summary", null, "Guides"), guides);
  const nav = h(
    "nav",
    { class: "site-nav", "aria-label": "Site" },
    h(
      "ul",
      null,
      LINKS.map(([path, label]) => h("li", null, h("a", { href: path, "aria-current": current(path) ? "page" : null }, label))),
      h("li", null, menu),
      h("li", null, h("a", { href: "/schema", "aria-current": current("/schema") ? "page" : null }, "API")),
    ),
  );
  // Outside the menu, a tap closes it.
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.body.prepend(nav);
}

if (document.body) drawSiteHeader();
else document.addEventListener("DOMContentLoaded", drawSiteHeader);
