// The address the new-match page's links and QR codes name: one a phone at the table can
// open (GET /address, service/web/address.py). A page opened on the laptop at 127.0.0.1 would
// otherwise hand out links only that laptop opens. When the server still has nothing
// better, the page says so in #address and says how to let phones in.
import { api } from "/static/api.js";
import { $, h } from "/static/dom.js";

const CHOSEN = "recount.linkBase"; // an address chosen on this page among the computer's others
let asked = null;

function ask() {
  asked ??= api("/address").catch(() => null);
  return asked;
}

function chosen(address) {
  let kept = null;
  try {
    kept = sessionStorage.getItem(CHOSEN);
  } catch {
    // a browser that keeps nothing: the server's choice stands
  }
  return address.others.includes(kept) ? kept : address.base;
}

// The base of the links to hand out (scheme, host and port, no trailing slash).
export async function linkBase() {
  const address = await ask();
  return address ? chosen(address) : location.origin;
}

const hostOf = (base) => new URL(base).host;

function choices(address, base) {
  const offered = [address.base, ...address.others];
  return h(
    "p",
    { class: "address-choices" },
    "This computer has other network addresses: ",
    offered.map((other) =>
      h("button", {
        type: "button",
        class: other === base ? "secondary chosen" : "secondary",
        "aria-pressed": other === base ? "true" : "false",
        onclick: () => {
          try {
            sessionStorage.setItem(CHOSEN, other);
            // Links already shown are drawn again at the address chosen (a reload shows a created match's links).
            if ($("created")?.hidden === false) return location.reload();
          } catch {
            // not kept: the choice lasts while the page is open
          }
          draw(address, other);
        },
      }, hostOf(other)),
    ),
  );
}

function draw(address, base = chosen(address)) {
  const box = $("address");
  if (!box) return;
  const parts = [];
  if (address.loopback) {
    const network = address.others[0];
    parts.push(h("strong", null, `Phones cannot open the links this page makes: ${hostOf(base)} is this computer's own address.`), " ");
    if (address.every_interface) parts.push("This computer is on no network: join the phones' wifi, then reload this page.");
    else {
      parts.push("Start Recount with ", h("code", null, "make run-lan"), " (", h("code", null, "recount serve --host 0.0.0.0"), ") to let phones on the same network in");
      parts.push(network ? [", then open ", h("a", { href: `${network}/new` }, `${network}/new`), "."] : ".");
    }
  } else if (base !== location.origin) {
    parts.push(`The links name ${hostOf(base)}, this computer's address on the network, so phones can open them (${location.host} is this computer's own).`);
    if (address.every_interface && address.others.length) parts.push(choices(address, base));
  } else return;
  box.replaceChildren(...parts.flat());
  box.classList.toggle("notice", address.loopback);
  box.hidden = false;
}

ask().then((address) => address && draw(address));
