//! The design tokens: every color, size, radius and text style of the kiosk.
//! Screens name these; they never write a color or a size of their own, and
//! clippy's `disallowed-methods` (clippy.toml) keeps it so: colors are made
//! here and in `widgets` only.
//!
//! Designed for touch screens at arm's length from 1024×768 to 1920×1080 and
//! portrait 1080×1920, at one scale from the available size (`ui::layout`;
//! the visual direction is `../shared/design/LOOK.md` of the design card): body
//! text ≥ 20 px, amounts ≥ 28 px, touch targets ≥ 64 px with ≥ 12 px between
//! them, and every text at least WCAG AA (4.5:1) on its background.

// The one module where colors are made from numbers.
#![allow(clippy::disallowed_methods)]

use egui::{CornerRadius, FontFamily, FontId, Margin, Stroke, TextStyle, Vec2};

/// Colors.
pub mod palette {
    use egui::Color32;

    /// The lounge: warm ivory behind everything.
    pub const LOUNGE: Color32 = Color32::from_rgb(0xF6, 0xF1, 0xE8);
    /// Cards, bars and panels on the lounge.
    pub const PAPER: Color32 = Color32::from_rgb(0xFF, 0xFD, 0xF9);
    /// Text on light backgrounds (15.9:1 on `PAPER`).
    pub const INK: Color32 = Color32::from_rgb(0x1C, 0x1E, 0x2B);
    /// Secondary text on light backgrounds (7.4:1 on `PAPER`).
    pub const INK_SOFT: Color32 = Color32::from_rgb(0x4A, 0x4E, 0x61);
    /// Hairlines on light backgrounds.
    pub const LINE: Color32 = Color32::from_rgb(0xE3, 0xDC, 0xCF);
    /// Text on dark backgrounds.
    pub const ON_DARK: Color32 = Color32::from_rgb(0xFF, 0xFF, 0xFF);
    /// Secondary text on dark backgrounds.
    pub const ON_DARK_SOFT: Color32 = Color32::from_rgb(0xE2, 0xE6, 0xF0);
    /// The main action: warm gold, with `INK` on it (9.6:1).
    pub const ACTION: Color32 = Color32::from_rgb(0xF5, 0xB7, 0x31);
    /// The main action, hovered.
    pub const ACTION_HOVER: Color32 = Color32::from_rgb(0xFF, 0xC9, 0x55);
    /// A secondary action's face.
    pub const QUIET: Color32 = Color32::from_rgb(0xEC, 0xE6, 0xDA);
    /// A secondary action's face, hovered.
    pub const QUIET_HOVER: Color32 = Color32::from_rgb(0xE2, 0xDA, 0xC9);
    /// Gold of edges, chips and highlights.
    pub const GOLD: Color32 = Color32::from_rgb(0xD9, 0xA8, 0x2E);
    /// A win, in text and outlines (5.2:1 on `PAPER`).
    pub const WIN: Color32 = Color32::from_rgb(0x1E, 0x7A, 0x46);
    /// Something wrong, in text (6.0:1 on `PAPER`).
    pub const PROBLEM: Color32 = Color32::from_rgb(0xB4, 0x23, 0x18);
    /// Behind a problem notice.
    pub const PROBLEM_BACKGROUND: Color32 = Color32::from_rgb(0xFD, 0xEC, 0xE8);
    /// Behind an information notice.
    pub const NOTICE_BACKGROUND: Color32 = Color32::from_rgb(0xFF, 0xF4, 0xD6);
    /// The top bar's balance pill.
    pub const BALANCE: Color32 = Color32::from_rgb(0x1C, 0x1E, 0x2B);
    /// Soft shadows.
    pub const SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 40);

    /// Black Jack: the felt, its lit center, its rim.
    pub const FELT: Color32 = Color32::from_rgb(0x0E, 0x5A, 0x3C);
    /// Black Jack: the felt under the light.
    pub const FELT_LIGHT: Color32 = Color32::from_rgb(0x1B, 0x7C, 0x54);
    /// X10: deep night blue.
    pub const NIGHT: Color32 = Color32::from_rgb(0x12, 0x1D, 0x45);
    /// Star Fortune: the violet sky.
    pub const SKY: Color32 = Color32::from_rgb(0x35, 0x1E, 0x66);
    /// Star Fortune: pegs and stars.
    pub const STARLIGHT: Color32 = Color32::from_rgb(0xFF, 0xF1, 0xC2);
    /// Star Fortune: the halo of a peg's light.
    pub const PEG_HALO: Color32 = Color32::from_rgba_premultiplied(0x3C, 0x38, 0x2D, 0x3C);
    /// Star Fortune: the board, a deeper night than the sky around it.
    pub const BOARD_NIGHT: Color32 = Color32::from_rgb(0x1F, 0x10, 0x42);
    /// Star Fortune: the board's walls and the prize row's dividers.
    pub const BOARD_RIM: Color32 = Color32::from_rgb(0x9C, 0x7C, 0xE6);
    /// Star Fortune: a place of the prize row (white text on it: 15:1).
    pub const PLACE: Color32 = Color32::from_rgb(0x2C, 0x17, 0x5C);
    /// Star Fortune: the glow of the prize row.
    pub const PRIZE_GLOW: Color32 = Color32::from_rgba_premultiplied(0x18, 0x12, 0x05, 0x19);
    /// Star Fortune: a BONUS case.
    pub const BONUS_CASE: Color32 = Color32::from_rgb(0xE8, 0x4F, 0xA8);
    /// Star Fortune: the glow of a BONUS case.
    pub const BONUS_GLOW: Color32 = Color32::from_rgba_premultiplied(0x5A, 0x1E, 0x40, 0x64);
    /// Star Fortune: a puck.
    pub const PUCK: Color32 = Color32::from_rgb(0xFF, 0xD4, 0x5A);
    /// Star Fortune: a puck's rim.
    pub const PUCK_RIM: Color32 = Color32::from_rgb(0xA8, 0x72, 0x0E);
    /// Star Fortune: the star on a puck.
    pub const PUCK_STAR: Color32 = Color32::from_rgb(0xFF, 0xF7, 0xDE);
    /// Star Fortune: a drop's card, a veil over the sky (white text on it: 12:1).
    pub const DROP_CARD: Color32 = Color32::from_rgba_premultiplied(0x12, 0x08, 0x28, 0xC8);
    /// Bingo: warm coral.
    pub const CORAL: Color32 = Color32::from_rgb(0xE8, 0x6A, 0x52);
    /// Bingo: the deep coral of its lobby tile (white text on it: 4.8:1).
    pub const CORAL_DEEP: Color32 = Color32::from_rgb(0xC8, 0x46, 0x2F);
    /// Bingo: the cream of the grids.
    pub const CREAM: Color32 = Color32::from_rgb(0xFF, 0xF6, 0xEA);
    /// X10: the glow behind its lobby illustration.
    pub const NIGHT_GLOW: Color32 = Color32::from_rgb(0x24, 0x3A, 0x7A);
    /// Star Fortune: the glow behind its lobby illustration.
    pub const SKY_GLOW: Color32 = Color32::from_rgb(0x5A, 0x37, 0x9E);

    /// X10: a banknote.
    pub const BANKNOTE: Color32 = Color32::from_rgb(0x2E, 0x96, 0x60);
    /// X10: the banknote on top of a bundle.
    pub const BANKNOTE_LIGHT: Color32 = Color32::from_rgb(0x4A, 0xB0, 0x78);
    /// X10: a banknote's edge.
    pub const BANKNOTE_EDGE: Color32 = Color32::from_rgb(0x14, 0x5A, 0x3C);
    /// X10: a banknote's engraving.
    pub const BANKNOTE_LINE: Color32 = Color32::from_rgb(0xE1, 0xF5, 0xE6);
    /// X10: the paper band around a bundle.
    pub const BAND: Color32 = Color32::from_rgb(0xF0, 0xC8, 0x50);
    /// X10: the band's edge and print.
    pub const BAND_EDGE: Color32 = Color32::from_rgb(0x96, 0x6E, 0x14);
    /// X10: a diamond's body.
    pub const DIAMOND: Color32 = Color32::from_rgb(0x6E, 0xCD, 0xFA);
    /// X10: a diamond's brightest facet.
    pub const DIAMOND_BRIGHT: Color32 = Color32::from_rgb(0xC8, 0xF5, 0xFF);
    /// X10: a diamond's table.
    pub const DIAMOND_LIGHT: Color32 = Color32::from_rgb(0xA0, 0xEB, 0xFF);
    /// X10: a diamond's shaded crown facet.
    pub const DIAMOND_DEEP: Color32 = Color32::from_rgb(0x5A, 0xBE, 0xF0);
    /// X10: a diamond's lit pavilion facet.
    pub const DIAMOND_WHITE: Color32 = Color32::from_rgb(0xE6, 0xFA, 0xFF);
    /// X10: a diamond's shaded pavilion facet.
    pub const DIAMOND_DARK: Color32 = Color32::from_rgb(0x46, 0xA0, 0xE1);
    /// X10: a diamond's edges.
    pub const DIAMOND_EDGE: Color32 = Color32::from_rgb(0x28, 0x6E, 0xAA);
    /// The light crossing a turning diamond.
    pub const SHEEN: Color32 = Color32::from_rgba_premultiplied(0xB4, 0xB4, 0xB4, 0xB4);
    /// The glow behind a winning zone.
    pub const WIN_GLOW: Color32 = Color32::from_rgba_premultiplied(0xB0, 0x84, 0x22, 0xB4);

    /// Bingo: the balls, by range of fifteen (1–15 … 61–75).
    pub const BINGO_BALLS: [Color32; 5] = [
        Color32::from_rgb(0x2F, 0x6F, 0xD6),
        Color32::from_rgb(0xE0, 0x3A, 0x3A),
        Color32::from_rgb(0xF2, 0xA5, 0x1F),
        Color32::from_rgb(0x2E, 0xA0, 0x6A),
        Color32::from_rgb(0x8A, 0x4F, 0xD8),
    ];
    /// Bingo: a bonus ball still closed.
    pub const BONUS_BALL: Color32 = Color32::from_rgb(0xF5, 0xB7, 0x31);
    /// A glossy highlight on a ball or the glass.
    pub const GLOSS: Color32 = Color32::from_rgba_premultiplied(0x8C, 0x8C, 0x8C, 0x8C);
    /// Bingo: the sphere's glass.
    pub const GLASS: Color32 = Color32::from_rgba_premultiplied(0x3C, 0x3A, 0x38, 0x50);
    /// Bingo: the sphere's rim.
    pub const GLASS_RIM: Color32 = Color32::from_rgb(0xFF, 0xE6, 0xD2);
    /// Bingo: the rail the drawn balls line up on.
    pub const RAIL: Color32 = Color32::from_rgb(0x8E, 0x2E, 0x1E);
    /// Bingo: an empty place on the rail.
    pub const RAIL_SLOT: Color32 = Color32::from_rgb(0xC8, 0x6A, 0x52);
    /// Bingo: a card.
    pub const CARD_PAPER: Color32 = Color32::from_rgb(0xFF, 0xFB, 0xF4);
    /// Bingo: a card's cell lines.
    pub const GRID_LINE: Color32 = Color32::from_rgb(0xE8, 0xC9, 0xB8);
    /// Bingo: a daub on a marked cell.
    pub const DAUB: Color32 = Color32::from_rgba_premultiplied(0xB9, 0x4F, 0x3C, 0xC8);
    /// Bingo: a card's arrow of combinations (white text on it: 7.9:1).
    pub const ARROW: Color32 = Color32::from_rgb(0x7A, 0x26, 0x18);

    /// A table's bottom bar: a shade over the table.
    pub const TABLE_BAR: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 70);
    /// An action on a dark table: a light veil.
    pub const ON_DARK_VEIL: Color32 = Color32::from_rgba_premultiplied(28, 28, 28, 28);

    /// Playing cards: the face.
    pub const CARD_FACE: Color32 = Color32::from_rgb(0xFC, 0xFA, 0xF5);
    /// Playing cards: the edge.
    pub const CARD_EDGE: Color32 = Color32::from_rgb(0xCF, 0xC8, 0xBA);
    /// Playing cards: red suits (5.9:1 on `CARD_FACE`).
    pub const CARD_RED: Color32 = Color32::from_rgb(0xC0, 0x1C, 0x38);
    /// Playing cards: black suits.
    pub const CARD_BLACK: Color32 = Color32::from_rgb(0x1A, 0x1A, 0x22);
    /// Playing cards: the back.
    pub const CARD_BACK: Color32 = Color32::from_rgb(0x8E, 0x1B, 0x2E);
    /// Playing cards: the back's pattern.
    pub const CARD_BACK_PATTERN: Color32 = Color32::from_rgb(0xB8, 0x3A, 0x4C);
    /// Chips: red.
    pub const CHIP_RED: Color32 = Color32::from_rgb(0xD6, 0x30, 0x31);
    /// Chips: their white stripes and edge.
    pub const CHIP_WHITE: Color32 = Color32::from_rgb(0xF5, 0xF6, 0xFA);
    /// Chips: their shadowed side.
    pub const CHIP_DARK: Color32 = Color32::from_rgb(0x7A, 0x14, 0x18);
}

/// Sizes in points.
pub mod size {
    /// The smallest touch target.
    pub const TOUCH: f32 = 64.0;
    /// Space between touch targets and blocks.
    pub const GAP: f32 = 16.0;
    /// Page margins.
    pub const MARGIN: f32 = 32.0;
    /// The top bar's height.
    pub const TOP_BAR: f32 = 88.0;
    /// Body text.
    pub const BODY: f32 = 22.0;
    /// Small print (still ≥ 20 px).
    pub const SMALL: f32 = 20.0;
    /// Buttons.
    pub const BUTTON: f32 = 24.0;
    /// Amounts in running text and tables.
    pub const AMOUNT: f32 = 30.0;
    /// Headings.
    pub const HEADING: f32 = 40.0;
    /// Page titles and the big amounts of a result.
    pub const TITLE: f32 = 56.0;
    /// A table's bottom bar, at the design size.
    pub const TABLE_BAR: f32 = 104.0;
    /// A round badge with a total or an amount, at the design size.
    pub const BADGE: f32 = 52.0;
    /// An X10 symbol, number or multiplier.
    pub const X10_SYMBOL: f32 = 44.0;
    /// The corner radius of buttons and small panels.
    pub const RADIUS: u8 = 14;
    /// The corner radius of tiles and large panels.
    pub const RADIUS_LARGE: u8 = 24;
}

/// Motion, in seconds (LOOK.md).
pub mod motion {
    /// A card flip.
    pub const CARD_FLIP: f32 = 0.4;
    /// A short reveal: a highlight, an amount appearing.
    pub const REVEAL: f32 = 0.25;
    /// The pause between two zones revealed by "Auto".
    pub const AUTO_PAUSE: f32 = 0.35;
    /// A ball drawn from the sphere to its place on the rail.
    pub const BALL_DRAW: f32 = 0.6;
    /// A daub landing on a bingo cell.
    pub const DAUB: f32 = 0.2;
    /// The pause of "Auto" on a table of many small zones (X10's twelve).
    pub const AUTO_PAUSE_BRISK: f32 = 0.15;
    /// The moment a reveal rests before the table counts as still.
    pub const SETTLE: f32 = 0.05;
    /// A page change, a notice appearing.
    pub const FADE: f32 = 0.2;
    /// Star Fortune: the amount a "GO" reveals, rolling up.
    pub const COUNTER: f32 = 1.2;
}

/// A card's shadow on the felt, darker as it lifts (`lift` 0 to 1).
#[must_use]
pub fn card_shadow(lift: f32) -> egui::Color32 {
    egui::Color32::from_black_alpha((60.0 + 30.0 * lift) as u8)
}

/// The bold face of the bundled family.
#[must_use]
pub fn bold() -> FontFamily {
    FontFamily::Name("bold".into())
}

/// Text styles of the kiosk.
pub mod style {
    use egui::TextStyle;

    /// Amounts in tables and on the table: bold, tabular.
    #[must_use]
    pub fn amount() -> TextStyle {
        TextStyle::Name("amount".into())
    }

    /// Page titles and the big amount of a result.
    #[must_use]
    pub fn title() -> TextStyle {
        TextStyle::Name("title".into())
    }

    /// Small print.
    #[must_use]
    pub fn small() -> TextStyle {
        TextStyle::Name("small".into())
    }
}

/// A font of the bundled family.
#[must_use]
pub fn font(size: f32, is_bold: bool) -> FontId {
    FontId::new(
        size,
        if is_bold {
            bold()
        } else {
            FontFamily::Proportional
        },
    )
}

/// Applies the kiosk's look to `context`: fonts, text styles, spacing, colors.
pub fn install(context: &egui::Context) {
    context.set_fonts(super::fonts::definitions());
    context.set_theme(egui::Theme::Light);
    context.all_styles_mut(|style| {
        style.text_styles = [
            (TextStyle::Body, font(size::BODY, false)),
            (TextStyle::Button, font(size::BUTTON, true)),
            (TextStyle::Heading, font(size::HEADING, true)),
            (TextStyle::Small, font(size::SMALL, false)),
            (TextStyle::Monospace, font(size::BODY, false)),
            (style::amount(), font(size::AMOUNT, true)),
            (style::title(), font(size::TITLE, true)),
            (style::small(), font(size::SMALL, false)),
        ]
        .into();
        style.spacing.item_spacing = Vec2::splat(size::GAP);
        style.spacing.button_padding = Vec2::new(24.0, 14.0);
        style.spacing.interact_size = Vec2::splat(size::TOUCH);
        style.spacing.scroll.bar_width = 12.0;
        style.interaction.selectable_labels = false;
        let visuals = &mut style.visuals;
        visuals.panel_fill = palette::LOUNGE;
        visuals.window_fill = palette::PAPER;
        visuals.extreme_bg_color = palette::PAPER;
        visuals.override_text_color = Some(palette::INK);
        visuals.widgets.inactive.weak_bg_fill = palette::QUIET;
        visuals.widgets.inactive.bg_fill = palette::QUIET;
        visuals.widgets.hovered.weak_bg_fill = palette::QUIET_HOVER;
        visuals.widgets.hovered.bg_fill = palette::QUIET_HOVER;
        visuals.widgets.active.weak_bg_fill = palette::QUIET_HOVER;
        for widget in [
            &mut visuals.widgets.inactive,
            &mut visuals.widgets.hovered,
            &mut visuals.widgets.active,
            &mut visuals.widgets.noninteractive,
        ] {
            widget.corner_radius = CornerRadius::same(size::RADIUS);
            widget.fg_stroke = Stroke::new(1.5, palette::INK);
        }
        visuals.widgets.inactive.bg_stroke = Stroke::NONE;
        visuals.widgets.hovered.bg_stroke = Stroke::new(1.0, palette::LINE);
        visuals.widgets.noninteractive.bg_stroke = Stroke::new(1.0, palette::LINE);
        visuals.selection.bg_fill = palette::ACTION;
        visuals.selection.stroke = Stroke::new(2.0, palette::INK);
    });
}

/// A page's frame: the margins around its content.
pub fn page_frame() -> egui::Frame {
    egui::Frame::NONE.inner_margin(Margin::symmetric(size::MARGIN as i8, 24))
}

/// A card on the lounge: paper, a hairline, large corners.
pub fn card_frame() -> egui::Frame {
    egui::Frame::NONE
        .fill(palette::PAPER)
        .corner_radius(size::RADIUS_LARGE)
        .stroke(Stroke::new(1.0, palette::LINE))
        .inner_margin(Margin::same(24))
}
