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

use crate::ui::fonts;

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
    /// The band of the law's warning: ink, apart from every game's colors.
    pub const WARNING_BAND: Color32 = Color32::from_rgb(0x1C, 0x1E, 0x2B);
    /// The law's warning on its band (16.1:1).
    pub const WARNING_TEXT: Color32 = Color32::from_rgb(0xFF, 0xFF, 0xFF);
    /// A trial's band and its play money's pill: a blue that no paid
    /// screen uses, white on it (7.3:1).
    pub const TRIAL: Color32 = Color32::from_rgb(0x1F, 0x5A, 0x8A);

    /// Star Fortune: pegs and stars.
    pub const STARLIGHT: Color32 = Color32::from_rgb(0xFF, 0xF1, 0xC2);
    /// Star Fortune: the star on a puck.
    pub const PUCK_STAR: Color32 = Color32::from_rgb(0xFF, 0xF7, 0xDE);
    /// X10: the glow behind its lobby illustration.
    pub const NIGHT_GLOW: Color32 = Color32::from_rgb(0x24, 0x3A, 0x7A);

    /// Soft shadows.
    pub const SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 40);
    /// Cream: Bingo's grids, a unit waiting on the lobby.
    pub const CREAM: Color32 = Color32::from_rgb(0xFF, 0xF6, 0xEA);

    /// A table's bottom bar: a shade over the table.
    pub const TABLE_BAR: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 70);
    /// An action on a dark table: a light veil.
    pub const ON_DARK_VEIL: Color32 = Color32::from_rgba_premultiplied(28, 28, 28, 28);

    /// Playing cards: the face.
    pub const CARD_FACE: Color32 = Color32::from_rgb(0xFC, 0xFA, 0xF5);
    /// Chips: their shadowed side.
    pub const CHIP_DARK: Color32 = Color32::from_rgb(0x7A, 0x14, 0x18);
}

/// Sizes in points.
pub mod size {
    /// The smallest touch target.
    pub const TOUCH: f32 = 64.0;
    /// The tallest a keypad's key grows where the page has room.
    pub const KEY_LARGEST: f32 = 104.0;
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
    /// The smallest an amount shown on its own may be, at any kiosk size
    /// (LOOK.md): a prize, a stake, a limit to choose.
    pub const LEAST_AMOUNT: f32 = 28.0;
    /// Headings.
    pub const HEADING: f32 = 40.0;
    /// Page titles and the big amounts of a result.
    pub const TITLE: f32 = 56.0;
    /// A table's bottom bar, at the design size.
    pub const TABLE_BAR: f32 = 104.0;
    /// A round badge with a total or an amount, at the design size.
    pub const BADGE: f32 = 52.0;
    /// The corner radius of buttons and small panels.
    pub const RADIUS: u8 = 14;
    /// The corner radius of tiles and large panels.
    pub const RADIUS_LARGE: u8 = 24;
}

/// Motion, in seconds (LOOK.md).
pub mod motion {
    /// A short reveal: a highlight, an amount appearing.
    pub const REVEAL: f32 = 0.25;
    /// The pause between two zones revealed by "Auto".
    pub const AUTO_PAUSE: f32 = 0.35;
    /// The pause of "Auto" on a table of many small zones (X10's twelve).
    pub const AUTO_PAUSE_BRISK: f32 = 0.15;
    /// The moment a reveal rests before the table counts as still.
    pub const SETTLE: f32 = 0.05;
    /// A page change, a notice appearing.
    pub const FADE: f32 = 0.2;
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

/// A font of the bundled family, `size` points but never under the kiosk's
/// smallest text ([`size::SMALL`]): a table drawn small on a small screen
/// still paints every word at arm's length (LOOK.md).
#[must_use]
pub fn font(size: f32, is_bold: bool) -> FontId {
    FontId::new(
        size.max(size::SMALL),
        if is_bold {
            fonts::bold()
        } else {
            FontFamily::Proportional
        },
    )
}

/// The bold font of an amount shown on its own, `size` points but never
/// under [`size::LEAST_AMOUNT`].
#[must_use]
pub fn amount_font(size: f32) -> FontId {
    font(size.max(size::LEAST_AMOUNT), true)
}

/// Applies the kiosk's look to `context`: fonts, text styles, spacing, colors.
pub fn install(context: &egui::Context) {
    context.set_fonts(fonts::definitions());
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
