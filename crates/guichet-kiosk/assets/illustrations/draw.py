#!/usr/bin/env python3
"""Draws the lobby illustrations of the four games (PNG, transparent background).

Run from this folder with Pillow installed: `python3 draw.py`. The PNGs are
committed, each in its game's table folder (`src/ui/games/<game>/`); this script is how they were made, and how to remake them.
Everything is drawn at 4x and scaled down, for smooth edges.
"""

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).resolve().parent
FONTS = HERE.parent / "fonts"
WIDTH, HEIGHT = 480, 360
SCALE = 4


def canvas():
    return Image.new("RGBA", (WIDTH * SCALE, HEIGHT * SCALE), (0, 0, 0, 0))


def font(size, bold=True):
    name = "Lato-Bold.ttf" if bold else "Lato-Regular.ttf"
    return ImageFont.truetype(str(FONTS / name), size * SCALE)


def s(value):
    return int(round(value * SCALE))


# Each illustration lives in its game's table folder, beside the code that
# shows it.
GAMES = HERE.parent.parent / "src" / "ui" / "games"


def save(image, name):
    folder = name.removesuffix(".png").replace("-", "_")
    image.resize((WIDTH, HEIGHT), Image.LANCZOS).save(GAMES / folder / name, optimize=True)


def shadow(image, shape, offset=(6, 10), blur=14, alpha=110):
    """Pastes a soft shadow of `shape` (an RGBA layer) under the image."""
    mask = shape.split()[3].point(lambda a: alpha if a else 0)
    dark = Image.new("RGBA", image.size, (0, 0, 0, 0))
    dark.putalpha(mask)
    dark = dark.filter(ImageFilter.GaussianBlur(s(blur)))
    moved = Image.new("RGBA", image.size, (0, 0, 0, 0))
    moved.paste(dark, (s(offset[0]), s(offset[1])))
    return Image.alpha_composite(image, moved)


# --- suits, drawn as shapes -------------------------------------------------

def heart(draw, cx, cy, size, fill):
    r = size * 0.27
    draw.ellipse([s(cx - 2 * r), s(cy - 1.6 * r), s(cx), s(cy + 0.4 * r)], fill=fill)
    draw.ellipse([s(cx), s(cy - 1.6 * r), s(cx + 2 * r), s(cy + 0.4 * r)], fill=fill)
    draw.polygon([(s(cx - 1.93 * r), s(cy - 0.25 * r)), (s(cx + 1.93 * r), s(cy - 0.25 * r)),
                  (s(cx), s(cy + 2.0 * r))], fill=fill)


def spade(draw, cx, cy, size, fill):
    r = size * 0.27
    draw.ellipse([s(cx - 2 * r), s(cy - 0.6 * r), s(cx), s(cy + 1.4 * r)], fill=fill)
    draw.ellipse([s(cx), s(cy - 0.6 * r), s(cx + 2 * r), s(cy + 1.4 * r)], fill=fill)
    draw.polygon([(s(cx - 1.93 * r), s(cy + 0.25 * r)), (s(cx + 1.93 * r), s(cy + 0.25 * r)),
                  (s(cx), s(cy - 2.0 * r))], fill=fill)
    draw.polygon([(s(cx), s(cy + 0.6 * r)), (s(cx - 0.9 * r), s(cy + 2.3 * r)),
                  (s(cx + 0.9 * r), s(cy + 2.3 * r))], fill=fill)


# --- Black Jack ---------------------------------------------------------------

def card(rank, suit, red):
    layer = Image.new("RGBA", (s(150), s(210)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.rounded_rectangle([0, 0, s(150) - 1, s(210) - 1], radius=s(14), fill=(252, 250, 245, 255),
                           outline=(210, 205, 195, 255), width=s(2))
    ink = (196, 30, 58, 255) if red else (28, 28, 34, 255)
    draw.text((s(14), s(8)), rank, font=font(34), fill=ink)
    suit(draw, 30, 68, 22, ink)
    suit(draw, 84, 122, 64, ink)
    return layer


def blackjack():
    image = canvas()
    cards = canvas()
    for rank, suit, red, angle, x, y in [("A", spade, False, 16, 70, 66), ("R", heart, True, -8, 215, 44)]:
        face = card(rank, suit, red).rotate(angle, resample=Image.BICUBIC, expand=True)
        cards.alpha_composite(face, (s(x), s(y)))
    image = shadow(image, cards)
    image.alpha_composite(cards)
    chips = canvas()
    draw = ImageDraw.Draw(chips)
    for level in range(6):
        top = 278 - level * 12
        color = (214, 48, 49, 255) if level % 2 == 0 else (245, 246, 250, 255)
        draw.ellipse([s(300), s(top), s(400), s(top + 34)], fill=(120, 20, 24, 255))
        draw.ellipse([s(300), s(top - 6), s(400), s(top + 28)], fill=color, outline=(90, 14, 18, 255),
                     width=s(2))
    draw.ellipse([s(318), s(210), s(382), s(232)], outline=(255, 215, 120, 255), width=s(3))
    image = shadow(image, chips, offset=(4, 6), blur=8)
    image.alpha_composite(chips)
    save(image, "blackjack.png")


# --- X10 ----------------------------------------------------------------------

def banknote(draw, x, y, w, h, shade):
    draw.rounded_rectangle([s(x), s(y), s(x + w), s(y + h)], radius=s(8), fill=shade,
                           outline=(20, 90, 60, 255), width=s(2))
    draw.rounded_rectangle([s(x + 10), s(y + 10), s(x + w - 10), s(y + h - 10)], radius=s(6),
                           outline=(225, 245, 230, 160), width=s(2))
    draw.ellipse([s(x + w / 2 - 26), s(y + h / 2 - 26), s(x + w / 2 + 26), s(y + h / 2 + 26)],
                 outline=(225, 245, 230, 200), width=s(3))


def x10():
    image = canvas()
    notes = canvas()
    draw = ImageDraw.Draw(notes)
    for layer in range(5):
        shade = (46 + layer * 10, 150 + layer * 8, 96 + layer * 6, 255)
        banknote(draw, 60 + layer * 6, 150 - layer * 12, 250, 130, shade)
    draw.rectangle([s(170), s(92), s(200), s(248)], fill=(240, 200, 80, 255), outline=(150, 110, 20, 255),
                   width=s(2))
    image = shadow(image, notes)
    image.alpha_composite(notes)
    gem = canvas()
    draw = ImageDraw.Draw(gem)
    cx, cy = 360, 140
    crown = [(cx - 70, cy - 20), (cx - 40, cy - 55), (cx + 40, cy - 55), (cx + 70, cy - 20)]
    draw.polygon([(s(x), s(y)) for x, y in crown + [(cx, cy + 80)]], fill=(120, 220, 255, 255))
    facets = [
        ([(cx - 70, cy - 20), (cx - 40, cy - 55), (cx - 20, cy - 20)], (200, 245, 255, 255)),
        ([(cx - 20, cy - 20), (cx - 40, cy - 55), (cx + 40, cy - 55), (cx + 20, cy - 20)], (160, 235, 255, 255)),
        ([(cx + 20, cy - 20), (cx + 40, cy - 55), (cx + 70, cy - 20)], (90, 190, 240, 255)),
        ([(cx - 70, cy - 20), (cx - 20, cy - 20), (cx, cy + 80)], (110, 205, 250, 255)),
        ([(cx - 20, cy - 20), (cx + 20, cy - 20), (cx, cy + 80)], (230, 250, 255, 255)),
        ([(cx + 20, cy - 20), (cx + 70, cy - 20), (cx, cy + 80)], (70, 160, 225, 255)),
    ]
    for points, color in facets:
        draw.polygon([(s(x), s(y)) for x, y in points], fill=color, outline=(40, 110, 170, 255))
    image = shadow(image, gem, offset=(4, 8), blur=10)
    image.alpha_composite(gem)
    label = canvas()
    draw = ImageDraw.Draw(label)
    draw.text((s(300), s(238)), "x10", font=font(84), fill=(255, 214, 90, 255), stroke_width=s(4),
              stroke_fill=(110, 70, 10, 255))
    image.alpha_composite(label)
    save(image, "x10.png")


# --- Star Fortune -------------------------------------------------------------

def star(draw, cx, cy, outer, inner, fill):
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((s(cx + radius * math.cos(angle)), s(cy + radius * math.sin(angle))))
    draw.polygon(points, fill=fill)


def star_fortune():
    image = canvas()
    glow = canvas()
    draw = ImageDraw.Draw(glow)
    for row in range(6):
        for col in range(row + 3):
            x = 240 + (col - (row + 2) / 2) * 48
            y = 70 + row * 42
            draw.ellipse([s(x - 9), s(y - 9), s(x + 9), s(y + 9)], fill=(255, 240, 190, 150))
    glow = glow.filter(ImageFilter.GaussianBlur(s(6)))
    image.alpha_composite(glow)
    draw = ImageDraw.Draw(image)
    for row in range(6):
        for col in range(row + 3):
            x = 240 + (col - (row + 2) / 2) * 48
            y = 70 + row * 42
            draw.ellipse([s(x - 5), s(y - 5), s(x + 5), s(y + 5)], fill=(255, 250, 230, 255))
    for x, y, r in [(60, 60, 14), (420, 90, 18), (400, 300, 10), (70, 290, 12)]:
        star(draw, x, y, r, r * 0.42, (255, 236, 160, 255))
    puck = canvas()
    pd = ImageDraw.Draw(puck)
    pd.ellipse([s(190), s(120), s(290), s(220)], fill=(255, 196, 60, 255), outline=(150, 90, 10, 255),
               width=s(4))
    pd.ellipse([s(204), s(134), s(276), s(206)], outline=(255, 236, 160, 255), width=s(3))
    star(pd, 240, 170, 26, 11, (255, 250, 225, 255))
    image = shadow(image, puck, offset=(4, 8), blur=10)
    image.alpha_composite(puck)
    save(image, "star-fortune.png")


# --- Bingo --------------------------------------------------------------------

def ball(size, color, number):
    layer = Image.new("RGBA", (s(size), s(size)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.ellipse([0, 0, s(size) - 1, s(size) - 1], fill=color)
    highlight = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    hd = ImageDraw.Draw(highlight)
    hd.ellipse([s(size * 0.18), s(size * 0.08), s(size * 0.62), s(size * 0.38)], fill=(255, 255, 255, 120))
    highlight = highlight.filter(ImageFilter.GaussianBlur(s(size * 0.05)))
    layer.alpha_composite(highlight)
    draw = ImageDraw.Draw(layer)
    disc = size * 0.52
    offset = (size - disc) / 2
    draw.ellipse([s(offset), s(offset + 4), s(offset + disc), s(offset + disc + 4)], fill=(255, 252, 245, 255))
    text_font = font(int(size * 0.28))
    box = draw.textbbox((0, 0), number, font=text_font)
    draw.text(((s(size) - (box[2] - box[0])) / 2 - box[0], s(size / 2 + 4) - (box[3] - box[1]) / 2 - box[1]),
              number, font=text_font, fill=(40, 32, 30, 255))
    return layer


def bingo():
    image = canvas()
    grid = canvas()
    draw = ImageDraw.Draw(grid)
    draw.rounded_rectangle([s(40), s(70), s(250), s(300)], radius=s(14), fill=(255, 248, 236, 255),
                           outline=(226, 196, 170, 255), width=s(3))
    numbers = [5, 17, 33, 48, 9, 0, 41, 62, 12, 29, 37, 70, 3, 24, 45, 66]
    marked = {0, 5, 10, 15, 3}
    for cell, number in enumerate(numbers):
        row, col = divmod(cell, 4)
        x, y = 56 + col * 47, 86 + row * 51
        if cell in marked:
            draw.ellipse([s(x + 2), s(y + 4), s(x + 40), s(y + 42)], fill=(255, 120, 100, 255))
        label = "★" if number == 0 else str(number)
        draw.text((s(x + 21), s(y + 23)), label if number else "J", font=font(18), fill=(70, 50, 45, 255),
                  anchor="mm")
    image = shadow(image, grid)
    image.alpha_composite(grid)
    balls = canvas()
    balls.alpha_composite(ball(150, (240, 92, 74, 255), "7"), (s(270), s(40)))
    balls.alpha_composite(ball(120, (255, 176, 59, 255), "42"), (s(330), s(190)))
    balls.alpha_composite(ball(96, (86, 180, 160, 255), "61"), (s(220), s(230)))
    image = shadow(image, balls, offset=(4, 8), blur=10)
    image.alpha_composite(balls)
    save(image, "bingo.png")


if __name__ == "__main__":
    blackjack()
    x10()
    star_fortune()
    bingo()
