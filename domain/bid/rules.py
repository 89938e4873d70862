"""The sentences of the Presidential Bid text that the checks and the tally enforce.

The text (`presidential-bid.txt`) has no headings; its sections are named here by
what each paragraph is about: the header (objective, players, materials), setup,
board, play, tally and end. Rules beyond the text (sealed bids for remote play,
what a recording must hold, how options are resolved) cite Recount's house rules,
docs/house-rules.md.
"""

from __future__ import annotations

from domain.protocol import Rule

TEXT = "presidential-bid.txt"
HOUSE = "docs/house-rules.md"

PLAYERS = Rule(id="bid.players", source=f"{TEXT} § header", quote="NUMBER OF PLAYERS: 2 or 3, best with 3")
DECK = Rule(id="bid.deck", source=f"{TEXT} § header", quote="MATERIALS: 52 card deck, easy to sketch game board")
SUIT_PER_PLAYER = Rule(
    id="bid.suits",
    source=f"{TEXT} § setup",
    quote="Give one of the remaining suits to each player in the game.",
)
CLUB_PILE = Rule(
    id="bid.clubs",
    source=f"{TEXT} § setup",
    quote="Shuffle all of the clubs together and place them face down as a draw pile.",
)
RANKS = Rule(id="bid.ranks", source=f"{TEXT} § setup", quote="In this game, 2’s are low and Aces are high.")
BOARD_REGIONS = Rule(
    id="bid.board.regions", source=f"{TEXT} § board", quote="The game board is broken into six different regions."
)
BOARD_DISTRICTS = Rule(
    id="bid.board.districts",
    source=f"{TEXT} § board",
    quote="Each region is made up of a number of districts totaling thirteen.",
)
BOARD_LABELS = Rule(
    id="bid.board.labels",
    source=f"{TEXT} § board",
    quote=(
        "Districts are labeled with a club suited card, and each region is worth a specific number of votes "
        "based on the number of districts it has."
    ),
)
DISTRICT_UP = Rule(
    id="bid.district-up", source=f"{TEXT} § play", quote="That card represents the district that is now up for bid."
)
SHOW = Rule(
    id="bid.show",
    source=f"{TEXT} § play",
    quote="Each player chooses a card from their hand and shows it simultaneously.",
)
HIGHEST_WINS = Rule(
    id="bid.highest", source=f"{TEXT} § play", quote="The player who showed the highest card wins the district."
)
DISTRICT_TIE = Rule(
    id="bid.district-tie",
    source=f"{TEXT} § play",
    quote="If there is a tie, the district remains neutral and the club card is placed upside down on it.",
)
ROUNDS = Rule(id="bid.rounds", source=f"{TEXT} § play", quote="Play like this continues for thirteen rounds.")
REGION_MOST = Rule(
    id="bid.region.most",
    source=f"{TEXT} § tally",
    quote="If you have won more districts in a region than your opponents, you win the votes for that region.",
)
REGION_HIGHEST = Rule(
    id="bid.region.highest",
    source=f"{TEXT} § tally",
    quote="In the event of a tie, the player with the highest card in that region wins the votes.",
)
REGION_SECOND = Rule(
    id="bid.region.second",
    source=f"{TEXT} § tally",
    quote="If there is a tie for the highest card, the second highest cards are compared.",
)
REGION_NEUTRAL = Rule(
    id="bid.region.neutral",
    source=f"{TEXT} § tally",
    quote="If the second cards are also the same, the region remains neutral.",
)
MOST_VOTES = Rule(
    id="bid.winner", source=f"{TEXT} § end", quote="Whoever has the most votes at the end of the game wins."
)

SETUP = Rule(
    id="bid.setup",
    source=f"{HOUSE} § Recording",
    quote=(
        "Each game system has a frozen ruleset; named presets (one per rules text, plus house rules) are resolved "
        "at match creation, and the resolved ruleset and board are embedded in the first event."
    ),
)
MODE = Rule(
    id="bid.mode",
    source=f"{HOUSE} § Recording",
    quote="Every card of Presidential Bid is shown at the table, so a match records everything (mode full).",
)
SEALED_ALLOWED = Rule(
    id="bid.sealed",
    source=f"{HOUSE} § Sealed bids (Presidential Bid)",
    quote="When the ruleset allows sealed bids, a player may commit a bid before the bids are shown.",
)
SEALED_ONCE = Rule(
    id="bid.sealed.once", source=f"{HOUSE} § Sealed bids (Presidential Bid)", quote="A committed bid cannot be changed."
)
SEALED_REVEAL = Rule(
    id="bid.sealed.reveal",
    source=f"{HOUSE} § Sealed bids (Presidential Bid)",
    quote=(
        "Once anyone has committed a bid in a round, the bids are shown when every player has committed, "
        "each showing the card committed."
    ),
)
