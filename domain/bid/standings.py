"""The tally: who wins each region and by which rule, the votes, and the standings."""

from __future__ import annotations

import msgspec

from domain import cards
from domain.bid.cards import value
from domain.bid.board import Region, total_votes
from domain.bid.rules import MOST_VOTES, REGION_HIGHEST, REGION_MOST, REGION_NEUTRAL, REGION_SECOND
from domain.bid.ruleset import Ruleset
from domain.bid.state import BidState, District, finished, names
from domain.placings import tied_for
from domain.protocol import Placing, Rule, Standings

ORDINALS = ("highest", "second highest", "third highest", "fourth highest", "fifth highest", "sixth highest")


class RegionResult(msgspec.Struct, frozen=True, kw_only=True):
    """How a region went: `by` is "districts", "card" (the `depth`-th highest card,
    1 = highest) or "neutral"; `rule` is the id of the sentence that decided it."""

    region: str
    votes: int
    winner: str | None
    by: str
    depth: int
    rule: str
    won: dict[str, list[str]]
    neutral_districts: int
    decided: int
    of: int
    steps: list[int]
    sentence: str


def ordinal(depth: int) -> str:
    return ORDINALS[depth - 1] if depth <= len(ORDINALS) else f"{depth}th highest"


def how(result: RegionResult) -> str:
    """The rule that decided a region in a few words: “most districts”, “second
    highest card”, “tied” (leaders tied on every card compared), or "" (no one won
    a district there)."""
    if result.by == "districts":
        return "most districts"
    if result.by == "card":
        return f"{ordinal(result.depth)} card"
    return "tied" if result.rule == REGION_NEUTRAL.id else ""


def decide(won: dict[str, list[str]], ruleset: Ruleset) -> tuple[str | None, str, int, Rule]:
    """The region's winner among players and the cards they placed there (high first).

    presidential-bid.txt § tally: “If you have won more districts in a region than
    your opponents, you win the votes for that region.” “In the event of a tie, the
    player with the highest card in that region wins the votes.” “If there is a tie
    for the highest card, the second highest cards are compared.” “If the second
    cards are also the same, the region remains neutral.” The cards compared are
    the tied leaders' only (a player with fewer districts is out); the option
    `region_tie_cards` says whether the comparison stops at the second card.
    """
    held = {player: hand for player, hand in won.items() if hand}
    if not held:
        return None, "neutral", 0, REGION_MOST
    most = max(len(hand) for hand in held.values())
    contenders = [player for player, hand in held.items() if len(hand) == most]
    if len(contenders) == 1:
        return contenders[0], "districts", 0, REGION_MOST
    depth_limit = most if ruleset.region_tie_cards == "all" else min(2, most)
    for depth in range(depth_limit):
        best = max(value(held[player][depth]) for player in contenders)
        contenders = [player for player in contenders if value(held[player][depth]) == best]
        if len(contenders) == 1:
            return contenders[0], "card", depth + 1, REGION_HIGHEST if depth == 0 else REGION_SECOND
    return None, "neutral", 0, REGION_NEUTRAL


def region_result(
    region: Region, districts: list[District], players: tuple[str, ...], ruleset: Ruleset
) -> RegionResult:
    won: dict[str, list[str]] = {player: [] for player in players}
    for district in districts:
        if district.winner is not None and district.card is not None:
            won[district.winner].append(district.card)
    for hand in won.values():
        hand.sort(key=value, reverse=True)
    winner, by, depth, rule = decide(won, ruleset)
    result = RegionResult(
        region=region.name,
        votes=region.votes,
        winner=winner,
        by=by,
        depth=depth,
        rule=rule.id,
        won=won,
        neutral_districts=sum(1 for district in districts if district.winner is None),
        decided=len(districts),
        of=len(region.districts),
        steps=sorted(district.step for district in districts),
        sentence="",
    )
    return msgspec.structs.replace(result, sentence=region_sentence(result))


def region_sentence(result: RegionResult) -> str:
    head = f"{result.region} ({result.votes} votes)"
    if result.decided < result.of:
        head += f", {result.decided} of {result.of} districts decided so far"
    counts = ", ".join(
        [f"{player} {len(hand)}" for player, hand in result.won.items() if hand]
        + ([f"{result.neutral_districts} neutral"] if result.neutral_districts else [])
    )
    shown = "; ".join(
        f"{player} {' '.join(cards.label(card) for card in hand)}" for player, hand in result.won.items() if hand
    )
    if result.by == "districts":
        return f"{head}: {result.winner} wins on most districts ({counts})."
    if result.by == "card":
        return f"{head}: {result.winner} wins on the {ordinal(result.depth)} card after a tie on districts ({shown})."
    if not any(result.won.values()):
        return f"{head}: neutral, no one has won a district there."
    if result.rule == REGION_NEUTRAL.id:
        return f"{head}: neutral, the leaders tie on districts and on the cards compared ({shown})."
    return f"{head}: neutral ({counts})."


def region_results(state: BidState) -> list[RegionResult]:
    by_label = {district.district: district for district in state.districts}
    players = names(state)
    return [
        region_result(
            region,
            [by_label[label] for label in region.districts if label in by_label],
            players,
            state.match.ruleset,
        )
        for region in state.match.board.regions
    ]


def standings(state: BidState) -> Standings:
    """presidential-bid.txt § end: “Whoever has the most votes at the end of the game
    wins.” The text is silent on a tie for most votes: tied players share the place."""
    regions = region_results(state)
    players = names(state)
    votes = {player: sum(r.votes for r in regions if r.winner == player) for player in players}
    final = finished(state)
    placings = []
    for player in players:
        place = 1 + sum(1 for other in players if votes[other] > votes[player])
        sharing = [other for other in players if other != player and votes[other] == votes[player]]
        placings.append(
            Placing(
                player=player,
                place=place,
                score=votes[player],
                title=_title(place, sharing, final),
                reason=_reason(player, votes[player], place, sharing, regions),
                steps=_steps(player, regions),
            )
        )
    placings.sort(key=lambda placing: (placing.place, players.index(placing.player)))
    neutral = sum(r.votes for r in regions if r.winner is None)
    return Standings(
        final=final,
        placings=placings,
        explanation=[r.sentence for r in regions] + [_verdict(placings, neutral, final, state)],
        details={
            "regions": msgspec.to_builtins(regions),
            "votes": votes,
            "neutral_votes": neutral,
            "total_votes": total_votes(state.match.board),
        },
    )


def _title(place: int, sharing: list[str], final: bool) -> str:
    if not final or place != 1:
        return ""
    return "President (shared)" if sharing else "President"


def _reason(player: str, votes: int, place: int, sharing: list[str], regions: list[RegionResult]) -> str:
    won = [r for r in regions if r.winner == player]
    if won:
        reason = f"{votes} votes from " + ", ".join(f"{r.region} ({r.votes}, {how(r)})" for r in won)
    else:
        reason = "no votes: no region won"
    if sharing:
        reason += f"; {tied_for(place, sharing)}: the place is shared (the text is silent on a tie for most votes)"
    return reason + "."


def _steps(player: str, regions: list[RegionResult]) -> list[int]:
    """The reveals that decided the player's votes: every district of the regions
    the player won or held a district in."""
    mine = [r for r in regions if r.winner == player or r.won.get(player)] or regions
    return sorted({step for r in mine for step in r.steps})


def _verdict(placings: list[Placing], neutral: int, final: bool, state: BidState) -> str:
    total = total_votes(state.match.board)
    first = [placing.player for placing in placings if placing.place == 1]
    top = placings[0].score
    lead = "wins the election" if final else "leads"
    if len(first) == 1:
        sentence = f"{first[0]} {lead} with {top} of {total} votes"
    else:
        verb = "share first place" if final else "share the lead"
        sentence = (
            f"{' and '.join(first)} {verb} with {top} votes each: {MOST_VOTES.source} says "
            f"“{MOST_VOTES.quote}” and is silent on a tie, so the place is shared"
        )
    if neutral:
        sentence += f"; {neutral} votes are neutral"
    return sentence + "."
