"""Hanabi's cards: identities, copies, names and knowledge masks
(Kapsa's Hanabi specification, section 1 and 8.3).

A card's identity is one small int, colour * 5 + value - 1 (0..29):
colours 0..5 are white, red, blue, yellow, green and rainbow (the sixth
colour of the "Waterfall of colours" expansion), values 1..5. What a seat
knows about a card is two masks: possible colours (bit c) and possible
values (bit v - 1).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

# Copies of values 1..5 in each of the five colours (rule 1.1); rainbow has
# one of each value (rule 1.4).
COUNT = b"\x03\x02\x02\x02\x01"
NAMES = ("white", "red", "blue", "yellow", "green", "rainbow")
LETTERS = "WRBYGM"  # M: multicolour (rainbow)
ALL_VALUES = const(31)  # value mask: every value possible


def card(colour, value):
    """The identity of the card of `colour` (0..5) and `value` (1..5)."""
    return colour * 5 + value - 1


def colour_of(c):
    return c // 5


def value_of(c):
    return c % 5 + 1


def copies(c):
    """How many copies of card c the deck holds."""
    return 1 if c >= 25 else COUNT[c % 5]  # rainbow: colour 5


def card_name(c):
    """"red 3"."""
    return "%s %d" % (NAMES[c // 5], c % 5 + 1)


def short_name(c):
    """"R3"."""
    return "%s%d" % (LETTERS[c // 5], c % 5 + 1)


def mask_list(mask):
    """The bit numbers set in a knowledge mask, lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def could_be(colours, values, c):
    """Whether card c agrees with a colour mask and a value mask."""
    return bool(colours >> (c // 5) & 1 and values >> (c % 5) & 1)
