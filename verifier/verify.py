#!/usr/bin/env python3
"""Guichet's independent verifier: checks sold units against their block's
published seed and the four règlements, without any of Guichet's code.

    python3 verifier/verify.py --seed HEX --game GAME [--stake EUROS] UNITS.jsonl

UNITS.jsonl is a file of `guichet audit --scenarios` lines or of units
exported from a player's history (`guichet history --export FILE`, format
`guichet-unit-v1`, docs/FORMATS.md). For each unit of GAME (at EUROS) it
checks, from the seed alone:

  * the seed gives the block's commitment, when the line carries one
    (SHA-256, domain-separated as docs/FORMATS.md says);
  * the block's permutation of its index (an AES-128 Feistel network with
    cycle-walking) falls in the tier whose prize was paid;
  * the scenario shown follows the règlement (numbers, cards, grids,
    board) and the règlement's evaluation of it is the prize paid.

It prints one line a unit and exits 0 when every unit checked holds, 1 when
one does not (each named) or none was checked, 2 on bad arguments.

Written apart from the game's code, from the règlements (`reglements/*.txt`)
and the formats alone: Python 3's standard library, with AES-128 written out
below (FIPS-197). It does not redraw a scenario's decoration (which losing
cards or numbers were drawn): that is what the unit's random stream decides,
and `guichet check-unit` redraws it.
"""

import argparse
import hashlib
import json
import sys

# --------------------------------------------------------------------------
# AES-128 (FIPS-197), encryption only.


def _xtime(byte):
    byte <<= 1
    return (byte ^ 0x11B) & 0xFF if byte & 0x100 else byte


def _multiply(a, b):
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = _xtime(a)
        b >>= 1
    return product


def _sbox():
    """The S-box: the multiplicative inverse in GF(2^8), then the affine map."""
    inverse = [0] * 256
    for a in range(1, 256):
        for b in range(1, 256):
            if _multiply(a, b) == 1:
                inverse[a] = b
                break
    box = []
    for a in range(256):
        x = inverse[a]
        y = x
        for shift in range(1, 5):
            y ^= ((x << shift) | (x >> (8 - shift))) & 0xFF
        box.append(y ^ 0x63)
    return box


SBOX = _sbox()


class Aes128:
    """AES-128 under one key: `encrypt(block)` of 16 bytes."""

    def __init__(self, key):
        assert len(key) == 16
        words = [list(key[i : i + 4]) for i in range(0, 16, 4)]
        constant = 1
        for i in range(4, 44):
            word = list(words[i - 1])
            if i % 4 == 0:
                word = word[1:] + word[:1]
                word = [SBOX[b] for b in word]
                word[0] ^= constant
                constant = _xtime(constant)
            words.append([a ^ b for a, b in zip(words[i - 4], word)])
        self.round_keys = [sum(words[4 * r : 4 * r + 4], []) for r in range(11)]

    def encrypt(self, block):
        state = [b ^ k for b, k in zip(block, self.round_keys[0])]
        for round_number in range(1, 11):
            state = [SBOX[b] for b in state]
            # ShiftRows: the state is column-major, byte r + 4c at row r.
            state = [state[(r + 4 * (c + r)) % 16] for c in range(4) for r in range(4)]
            if round_number != 10:
                mixed = []
                for c in range(4):
                    a = state[4 * c : 4 * c + 4]
                    for r in range(4):
                        mixed.append(
                            _multiply(a[r], 2)
                            ^ _multiply(a[(r + 1) % 4], 3)
                            ^ a[(r + 2) % 4]
                            ^ a[(r + 3) % 4]
                        )
                state = mixed
            state = [b ^ k for b, k in zip(state, self.round_keys[round_number])]
        return bytes(state)


def aes_self_test():
    """FIPS-197 appendix C.1."""
    key = bytes(range(16))
    plain = bytes.fromhex("00112233445566778899aabbccddeeff")
    return Aes128(key).encrypt(plain).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"


# --------------------------------------------------------------------------
# Blocks: derivations, the permutation, the tiers.

FEISTEL_ROUNDS = 8


def derive(purpose, code, number, seed):
    """SHA-256 of a purpose, the emission's code, the block number and the
    seed, each text preceded by its length (8 bytes, little-endian)."""
    hashed = hashlib.sha256()
    for part in (purpose.encode(), code.encode()):
        hashed.update(len(part).to_bytes(8, "little"))
        hashed.update(part)
    hashed.update(number.to_bytes(4, "little"))
    hashed.update(seed)
    return hashed.digest()


class Permutation:
    """The bijection of 0..size a block's permutation key chooses."""

    def __init__(self, key, size):
        self.cipher = Aes128(key)
        self.size = size
        self.bits = max((size - 1).bit_length(), 2)
        self.cache = {}

    def _round_function(self, round_number, half):
        key = (round_number, half)
        if key not in self.cache:
            block = (
                bytes([round_number])
                + half.to_bytes(4, "little")
                + self.size.to_bytes(4, "little")
                + bytes(7)
            )
            self.cache[key] = int.from_bytes(self.cipher.encrypt(block)[:4], "little")
        return self.cache[key]

    def _network(self, value):
        left_bits, right_bits = (self.bits + 1) // 2, self.bits // 2
        left, right = value >> right_bits, value & ((1 << right_bits) - 1)
        for round_number in range(FEISTEL_ROUNDS):
            mixed = (left ^ self._round_function(round_number, right)) & ((1 << left_bits) - 1)
            left, right = right, mixed
            left_bits, right_bits = right_bits, left_bits
        return (left << right_bits) | right

    def apply(self, value):
        value = self._network(value)
        while value >= self.size:
            value = self._network(value)
        return value


def euros(amount):
    return amount * 100


# Article 3 of each règlement: block size and prize table (lots, prize in
# cents), largest prize first.
EMISSIONS = {
    ("blackjack", 200): (
        1_500_000,
        [(2, euros(20_000)), (12, euros(1_000)), (600, euros(200)), (3_530, euros(50)),
         (15_000, euros(20)), (50_000, euros(10)), (157_894, euros(4)), (100_000, euros(2))],
    ),
    ("x10", 200): (
        4_500_000,
        [(3, euros(20_000)), (6, euros(1_000)), (300, euros(100)), (12_000, euros(25)),
         (55_000, euros(20)), (64_950, euros(15)), (111_000, euros(7)), (448_800, euros(4)),
         (448_800, euros(2))],
    ),
    ("bingo", 200): (
        1_500_000,
        [(3, euros(10_000)), (6, euros(1_000)), (920, euros(100)), (7_000, euros(40)),
         (8_000, euros(24)), (50_000, euros(6)), (220_000, euros(4)), (100_000, euros(2))],
    ),
}
# Star Fortune: the same lots at every stake, prizes in stakes ×1/2.
STAR_FORTUNE_LOTS = [1, 1, 1, 50, 500, 800, 14_000, 23_020, 100_000, 76_900]
STAR_FORTUNE_HALF_STAKES = [50_000, 20_000, 2_000, 200, 40, 30, 20, 10, 4, 2]
for _stake in (50, 100, 200):
    EMISSIONS[("star_fortune", _stake)] = (
        850_000,
        [(lots, halves * _stake // 2)
         for lots, halves in zip(STAR_FORTUNE_LOTS, STAR_FORTUNE_HALF_STAKES)],
    )

SLUGS = {"blackjack": "blackjack", "x10": "x10", "star_fortune": "star-fortune", "bingo": "bingo"}


class Block:
    """One block of an emission under a seed."""

    def __init__(self, game, stake_cents, number, seed):
        self.code = f"{SLUGS[game]}@{stake_cents}"
        self.size, self.tiers = EMISSIONS[(game, stake_cents)]
        self.number = number
        self.commitment = derive("guichet/commitment/v1", self.code, number, seed).hex()
        key = derive("guichet/permutation/v1", self.code, number, seed)[:16]
        self.permutation = Permutation(key, self.size)

    def prize_of_unit(self, index):
        """The prize the tiers give the unit's permuted index (0: it loses)."""
        rank = self.permutation.apply(index)
        cumulative = 0
        for lots, prize in self.tiers:
            cumulative += lots
            if rank < cumulative:
                return prize
        return 0


# --------------------------------------------------------------------------
# The règlements: what each scenario pays, and what it may show.


class Broken(Exception):
    """A scenario that breaks a rule of its règlement."""


def blackjack_pays(scenario, _stake_cents):
    """Règlement Black Jack, article 4: a hand (two cards, 13 to 21) above the
    bank (17 to 20, its hidden card 6 to A) wins its amount, doubled by a 21;
    the winning hands add up."""
    values = {str(n): n for n in range(2, 11)} | {"V": 10, "D": 10, "R": 10, "A": 11}

    def value(rank):
        if rank not in values:
            raise Broken(f"{rank!r} is not a card")
        return values[rank]

    bank = scenario["bank"]
    if bank["hidden"] not in ("6", "7", "8", "9", "10", "V", "D", "R", "A"):
        raise Broken(f"the bank's hidden card {bank['hidden']} is below 6")
    bank_total = value(bank["shown"]) + value(bank["hidden"])
    if not 17 <= bank_total <= 20:
        raise Broken(f"the bank shows {bank_total}, not 17 to 20")
    hands = scenario["hands"]
    if len(hands) != 3:
        raise Broken(f"{len(hands)} hands, not 3")
    paid = 0
    for number, hand in enumerate(hands, 1):
        if len(hand["cards"]) != 2:
            raise Broken(f"Gain {number} has {len(hand['cards'])} cards")
        total = sum(value(card) for card in hand["cards"])
        if not 13 <= total <= 21:
            raise Broken(f"Gain {number} shows {total}, not 13 to 21")
        amount = hand["amount_cents"]
        if amount <= 0:
            raise Broken(f"Gain {number} hides no amount")
        if total > bank_total:
            paid += 2 * amount if total == 21 else amount
    return paid


X10_NUMBERS = {1, 6, 8, 9, *range(11, 15), *range(16, 20), *range(21, 25), *range(26, 50),
               *range(51, 61)}


def x10_pays(scenario, _stake_cents):
    """Règlement X10, article 4: three distinct winning numbers from the list;
    nine bundles, distinct numbers from the list or multipliers x1 x2 x5
    x10, each over an amount; a multiplier pays its amount times itself, a
    number equal to a winning number its amount; everything adds up."""
    winning = scenario["winning_numbers"]
    if len(winning) != 3 or len(set(winning)) != 3 or not set(winning) <= X10_NUMBERS:
        raise Broken(f"the winning numbers {winning} are not three distinct numbers of the list")
    cells = scenario["cells"]
    if len(cells) != 9:
        raise Broken(f"{len(cells)} bundles, not 9")
    numbers = [cell["number"] for cell in cells if "number" in cell]
    if len(set(numbers)) != len(numbers) or not set(numbers) <= X10_NUMBERS:
        raise Broken("the nine numbers are not distinct numbers of the list")
    paid = 0
    for cell in cells:
        amount = cell["amount_cents"]
        if amount <= 0:
            raise Broken("a bundle holds no amount")
        if "multiplier" in cell:
            if cell["multiplier"] not in (1, 2, 5, 10):
                raise Broken(f"x{cell['multiplier']} is not a multiplier")
            paid += amount * cell["multiplier"]
        elif "number" in cell:
            paid += amount if cell["number"] in winning else 0
        else:
            raise Broken("a bundle shows neither a number nor a multiplier")
    return paid


# Guichet's Star Fortune board (its published decision, docs/FORMATS.md):
# the prize row and the amounts a BONUS reveals, in stakes.
STAR_FORTUNE_ROW = [0, 1, 2, 5, 0, 5, 2, 1, 0]
STAR_FORTUNE_BONUS = [1, 2, 5, 10, 15, 20, 100, 1_000, 10_000, 25_000]


def star_fortune_pays(scenario, stake_cents):
    """Règlement Star Fortune, article 4: two pucks, each picked among three;
    one landing on a prize place pays its amount, one in a BONUS case what
    its GO reveals (a BONUS always pays); the two add up."""
    row = scenario["slots_cents"]
    if row != [places * stake_cents for places in STAR_FORTUNE_ROW]:
        raise Broken("the prize row is not the board sold at this stake")
    bonus_amounts = {stakes * stake_cents for stakes in STAR_FORTUNE_BONUS}
    drops = scenario["drops"]
    if len(drops) != 2:
        raise Broken(f"{len(drops)} drops, not 2")
    paid = 0
    for number, drop in enumerate(drops, 1):
        if drop.get("puck") is not None and drop["puck"] not in (0, 1, 2):
            raise Broken(f"drop {number}: no puck {drop['puck']}")
        if "slot" in drop:
            if not 0 <= drop["slot"] < len(row):
                raise Broken(f"drop {number}: no place {drop['slot']}")
            paid += row[drop["slot"]]
        elif "bonus" in drop:
            if drop["bonus"] not in (0, 1):
                raise Broken(f"drop {number}: no BONUS case {drop['bonus']}")
            if drop["bonus_cents"] not in bonus_amounts:
                raise Broken(f"drop {number}: the BONUS reveals {drop['bonus_cents']} cents, "
                             "not an amount of the board")
            paid += drop["bonus_cents"]
        else:
            raise Broken(f"drop {number} lands nowhere")
    return paid


BINGO_CORNERS = (0, 3, 12, 15)
BINGO_DIAGONALS = ((0, 5, 10, 15), (3, 6, 9, 12))
BINGO_ROWS_PAY = {0: 0, 1: euros(4), 2: euros(40), 3: euros(1_000), 4: euros(10_000)}


def bingo_pays(scenario, _stake_cents):
    """Règlement Bingo, article 4: 15 balls and 3 bonus balls, 18 distinct
    numbers 1 to 75, marked on two 4×4 grids of 15 distinct numbers and a
    Joker; Grille 1: four corners 2 €, a diagonal 20 €, both 100 €; Grille
    2: one, two, three or four full rows 4, 40, 1 000, 10 000 €; never more
    than one way to win on a grid (4.9), the grids adding up."""
    balls = scenario["balls"] + scenario["bonus_balls"]
    if len(scenario["balls"]) != 15 or len(scenario["bonus_balls"]) != 3:
        raise Broken("not 15 balls and 3 bonus balls")
    if len(set(balls)) != 18 or not all(1 <= ball <= 75 for ball in balls):
        raise Broken("the 18 balls are not distinct numbers from 1 to 75")
    grids = scenario["grids"]
    if len(grids) != 2:
        raise Broken(f"{len(grids)} grids, not 2")
    marks = []
    for number, grid in enumerate(grids, 1):
        numbers = [cell for cell in grid if cell is not None]
        if len(grid) != 16 or len(numbers) != 15:
            raise Broken(f"Grille {number} is not 15 numbers and a Joker")
        if len(set(numbers)) != 15 or not all(1 <= cell <= 75 for cell in numbers):
            raise Broken(f"Grille {number} has not 15 distinct numbers from 1 to 75")
        marks.append([cell is None or cell in balls for cell in grid])
    first, second = marks
    diagonals = sum(all(first[cell] for cell in diagonal) for diagonal in BINGO_DIAGONALS)
    corners = all(first[cell] for cell in BINGO_CORNERS)
    if diagonals == 1 and corners:
        raise Broken("Grille 1 shows a diagonal and the four corners: two ways to win (4.9)")
    first_pays = {2: euros(100), 1: euros(20)}.get(diagonals, euros(2) if corners else 0)
    rows = sum(all(second[4 * row + column] for column in range(4)) for row in range(4))
    return first_pays + BINGO_ROWS_PAY[rows]


RULES = {
    "blackjack": blackjack_pays,
    "x10": x10_pays,
    "star_fortune": star_fortune_pays,
    "bingo": bingo_pays,
}


# --------------------------------------------------------------------------
# The command.


def check(line, block):
    """What fails of one unit's line (an empty list: it holds)."""
    failures = []
    if "commitment" in line and line["commitment"] != block.commitment:
        failures.append("the seed does not give the block's commitment")
    index = line["index"]
    if not 0 <= index < block.size:
        return failures + [f"index {index} is outside the block of {block.size}"]
    block_prize = block.prize_of_unit(index)
    if block_prize != line["prize_cents"]:
        failures.append(
            f"the block's permutation gives index {index} {block_prize} cents, "
            f"paid {line['prize_cents']}"
        )
    try:
        pays = RULES[line["game"]](line["scenario"], line["stake_cents"])
        if pays != line["prize_cents"]:
            failures.append(f"the règlement pays {pays} cents for the scenario, "
                            f"paid {line['prize_cents']}")
    except Broken as broken:
        failures.append(f"the scenario breaks the règlement: {broken}")
    except (KeyError, TypeError, ValueError) as error:
        failures.append(f"the scenario is not a {line['game']} scenario ({error!r})")
    return failures


def parse_arguments():
    parser = argparse.ArgumentParser(
        prog="verify.py",
        description="Check Guichet units against their block's seed and the règlements.",
    )
    parser.add_argument("--seed", required=True, help="the block's published seed, 64 hex digits")
    parser.add_argument("--game", required=True, choices=["blackjack", "x10", "star-fortune", "bingo"])
    parser.add_argument("--stake", help="euros: 0.5, 1 or 2 (Star Fortune only)")
    parser.add_argument("units", help="a JSON Lines file of units")
    arguments = parser.parse_args()
    try:
        seed = bytes.fromhex(arguments.seed)
    except ValueError:
        seed = b""
    if len(seed) != 32:
        parser.error("--seed is 64 hexadecimal digits")
    game = arguments.game.replace("-", "_")
    if game == "star_fortune":
        stakes = {"0.5": 50, "0.50": 50, "1": 100, "2": 200}
        if arguments.stake not in stakes:
            parser.error("star-fortune needs --stake 0.5, 1 or 2")
        stake = stakes[arguments.stake]
    elif arguments.stake is not None:
        parser.error(f"{arguments.game} is sold at 2 € only: do not give --stake")
    else:
        stake = 200
    return seed, game, stake, arguments.units


def main():
    seed, game, stake, path = parse_arguments()
    if not aes_self_test():
        print("verify.py: AES-128 fails its FIPS-197 test", file=sys.stderr)
        return 2
    try:
        with open(path, encoding="utf-8") as file:
            lines = [(number, text) for number, text in enumerate(file, 1) if text.strip()]
    except OSError as error:
        print(f"verify.py: {path}: {error.strerror}", file=sys.stderr)
        return 2
    blocks = {}
    checked = failed = skipped = 0
    for number, text in lines:
        try:
            line = json.loads(text)
            name = f"unit {line['unit']}" if "unit" in line else f"index {line['index']}"
            ours = line["game"] == game and line["stake_cents"] == stake
            their_seed = line.get("seed")
        except (ValueError, KeyError, TypeError) as error:
            print(f"line {number}: FAILS: not a unit ({error!r})")
            checked += 1
            failed += 1
            continue
        if not ours or (their_seed is not None and their_seed != seed.hex()):
            skipped += 1
            continue
        block_number = line.get("block", 0)
        if block_number not in blocks:
            blocks[block_number] = Block(game, stake, block_number, seed)
        if "seed" in line and their_seed is None and line.get("commitment") != blocks[block_number].commitment:
            # Exported while its block sold: this seed is another block's.
            skipped += 1
            continue
        failures = check(line, blocks[block_number])
        checked += 1
        if failures:
            failed += 1
            print(f"{name} (block {block_number}, index {line.get('index')}): FAILS: "
                  + "; ".join(failures))
        else:
            print(f"{name} (block {block_number}, index {line['index']}): holds")
    if skipped:
        print(f"{skipped} line(s) of another game, stake or block not checked")
    if checked == 0:
        print(f"no unit of {game} at {stake} cents under this seed in {path}")
        return 1
    print(f"{checked} unit(s) checked: {checked - failed} hold, {failed} fail"
          if failed else f"{checked} unit(s) checked: every one holds")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
