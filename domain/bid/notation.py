"""Presidential Bid in notation (docs/notation.md § Presidential Bid).

    long                                   terse
    7C turned up                           7c
    Al seals 9H                            a 9h          (a sealed bid, when bids are sealed)
    bids shown: Al 9H, Betty KS, Carl 2D   a 9h b ks c 2d
"""

from __future__ import annotations

import msgspec

from domain.bid.board import DEFAULT_BOARD
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed, MatchCreated
from domain.bid.ruleset import PRESETS
from domain.bid.state import BidState
from domain.notation import NotationError, card_as_written, leading_player, tokens
from domain.protocol import MatchSetup


def setup_of(created: MatchCreated) -> MatchSetup:
    """The setup that creates `created` again: preset, the options that differ, and the
    board when it is not the default one."""
    base = msgspec.to_builtins(PRESETS[created.preset])
    mine = msgspec.to_builtins(created.ruleset)
    return MatchSetup(
        system="bid",
        players=[seat.player for seat in created.players],
        preset=created.preset,
        options={key: value for key, value in mine.items() if base.get(key) != value},
        mode=created.mode,
        title=created.title,
        board=None if created.board == DEFAULT_BOARD else msgspec.to_builtins(created.board),
    )


def write(state: BidState, event: msgspec.Struct) -> str:
    if isinstance(event, DistrictRevealed):
        return f"{event.district} turned up"
    if isinstance(event, BidCommitted):
        return f"{event.player} seals {event.card}"
    if isinstance(event, BidsRevealed):
        return "bids shown: " + ", ".join(f"{bid.player} {bid.card}" for bid in event.bids)
    raise NotationError(f"Presidential Bid has no words for {type(event).__name__}")


def _players(state: BidState) -> list[str]:
    return [seat.player for seat in state.match.players]


def _card(token: str) -> str:
    """A card in any case, or as other programs write one (K♠, ♥10, SK, TH: `card_as_written`)."""
    code = card_as_written(token).upper()
    if len(code) < 2 or code[-1] not in "CDHS":
        raise NotationError(f"{token!r} is not a card (a rank and a suit: 9h, 10d, kc)", token)
    return code


def _one_player(state: BidState, words: list[str]) -> str:
    player, rest = leading_player(_players(state), " ".join(words))
    if rest:
        raise NotationError(f"{' '.join(words)!r} is not one player here (players: {', '.join(_players(state))})", words[0])
    return player


def parse(state: BidState, line: str) -> msgspec.Struct:
    words = [w for w in tokens(line) if w != ":"]
    lowered = [w.lower() for w in words]
    if len(words) >= 2 and lowered[-2:] == ["turned", "up"]:
        return DistrictRevealed(district=_card(words[0]))
    if len(words) == 1:
        return DistrictRevealed(district=_card(words[0]))
    if lowered[:2] == ["bids", "shown"]:
        words = words[2:]
    elif "seals" in lowered[1:] and len(words) == lowered.index("seals") + 2:
        # The player in full (a name with spaces: "Ann Lee seals 9H") or by a prefix.
        at = lowered.index("seals")
        return BidCommitted(player=_one_player(state, words[:at]), card=_card(words[at + 1]))
    bids: list[Bid] = []
    rest = " ".join(words)
    while rest:
        # Each bid: a player in full or by a prefix, then a card ("Ann Lee 9H, Bo KS" or "a 9h b ks").
        player, after = leading_player(_players(state), rest)
        typed, rest = rest[: len(rest) - len(after)].strip(), after
        card, _, rest = rest.partition(" ")
        if not card:
            raise NotationError(f"bids are pairs of a player and a card; {typed!r} has no pair", typed)
        bids.append(Bid(player=player, card=_card(card)))
    if len(bids) == 1:
        # One player's card: a sealed bid where bids are sealed, else the reveal of a lone card.
        from domain.bid import SYSTEM

        if any(choice.type == "BidCommitted" and choice.player == bids[0].player for choice in SYSTEM.allowed(state)):
            return BidCommitted(player=bids[0].player, card=bids[0].card)
    return BidsRevealed(bids=tuple(bids))
