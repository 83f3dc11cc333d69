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
below (FIPS-197). This file is what every game shares (the block, its
permutation, the command); each game's emissions and what it pays are its own
file of `games/`. It does not redraw a scenario's decoration (which losing
cards or numbers were drawn): that is what the unit's random stream decides,
and `guichet check-unit` redraws it.
"""

import argparse
import hashlib
import json
import sys

from games import GAMES, Broken

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


class Block:
    """One block of an emission under a seed."""

    def __init__(self, game, stake_cents, number, seed):
        self.code = f"{GAMES[game].SLUG}@{stake_cents}"
        self.size, self.tiers = GAMES[game].EMISSIONS[stake_cents]
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
        pays = GAMES[line["game"]].pays(line["scenario"], line["stake_cents"])
        if pays != line["prize_cents"]:
            failures.append(f"the règlement pays {pays} cents for the scenario, "
                            f"paid {line['prize_cents']}")
    except Broken as broken:
        failures.append(f"the scenario breaks the règlement: {broken}")
    except (KeyError, TypeError, ValueError) as error:
        failures.append(f"the scenario is not a {line['game']} scenario ({error!r})")
    return failures


def plain_euros(cents):
    """A stake as a command line writes it: `0.5`, `2`."""
    return f"{cents / 100:g}"


def in_words(items):
    """`a`, `a or b`, `a, b or c`."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def stakes_in_words(rules):
    """A game's stakes as a command line writes them: `0.5, 1 or 2`."""
    return in_words([plain_euros(stake) for stake in sorted(rules.EMISSIONS)])


def parse_arguments():
    with_stakes = [rules for rules in GAMES.values() if len(rules.EMISSIONS) > 1]
    parser = argparse.ArgumentParser(
        prog="verify.py",
        description="Check Guichet units against their block's seed and the règlements.",
    )
    parser.add_argument("--seed", required=True, help="the block's published seed, 64 hex digits")
    parser.add_argument("--game", required=True, choices=[rules.SLUG for rules in GAMES.values()])
    parser.add_argument(
        "--stake",
        help="euros: "
        + "; ".join(stakes_in_words(rules) for rules in with_stakes)
        + f" ({in_words([rules.TITLE for rules in with_stakes])} only)",
    )
    parser.add_argument("units", help="a JSON Lines file of units")
    arguments = parser.parse_args()
    try:
        seed = bytes.fromhex(arguments.seed)
    except ValueError:
        seed = b""
    if len(seed) != 32:
        parser.error("--seed is 64 hexadecimal digits")
    game = next(name for name, rules in GAMES.items() if rules.SLUG == arguments.game)
    rules = GAMES[game]
    if len(rules.EMISSIONS) > 1:
        if arguments.stake not in rules.STAKES:
            parser.error(f"{rules.SLUG} needs --stake {stakes_in_words(rules)}")
        stake = rules.STAKES[arguments.stake]
    elif arguments.stake is not None:
        (stake,) = rules.EMISSIONS
        parser.error(f"{arguments.game} is sold at {plain_euros(stake)} € only: do not give --stake")
    else:
        (stake,) = rules.EMISSIONS
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
