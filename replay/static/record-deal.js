// A deal the page makes itself: a choice whose hints give the deck, the hand sizes
// and the dealing order (a full-mode deal). Shuffled with the platform's CSPRNG.
export function dealHands(hints) {
  const deck = [...hints.deck];
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const order = hints.order || hints.dealing_order || Object.keys(hints.sizes);
  const hands = Object.fromEntries(order.map((player) => [player, []]));
  let seat = 0;
  for (const cardCode of deck) {
    let tries = 0;
    while (hands[order[seat % order.length]].length >= hints.sizes[order[seat % order.length]] && tries < order.length) {
      seat += 1;
      tries += 1;
    }
    if (tries >= order.length) break;
    hands[order[seat % order.length]].push(cardCode);
    seat += 1;
  }
  return hands;
}
