//! The lobby: the games of the registry as large tiles, each in its own
//! world's colors, with its name, its price, its top prize and an illustration;
//! signed out, "Essayer" beside "Jouer" tries the game with play money.

use egui::{Color32, Pos2, Rect, RichText, Shape, Stroke, Vec2};
use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;

use crate::command::{Command, Navigation, PlayerCommand};
use crate::ui::games::{GAMES, GameEntry};
use crate::ui::i18n::Texts;
use crate::ui::layout;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, Seat, View};
use crate::ui::widgets::{local_moment, quiet_button, scroll_view, text_width, touch_rect};

/// The lobby page.
pub struct Lobby;

/// "2 € la partie", or "0,50 € à 2 € la partie" for Star Fortune.
fn price_line(game: Game, texts: &Texts) -> String {
    let stakes: Vec<Cents> = game.emissions().map(|emission| emission.stake).collect();
    match (stakes.first(), stakes.last()) {
        (Some(low), Some(high)) if low != high => texts.with(
            "tile-price-range",
            &[("low", low.short()), ("high", high.short())],
        ),
        _ => texts.with(
            "tile-price",
            &[("price", stakes.first().copied().unwrap_or_default().short())],
        ),
    }
}

/// The illustrations' width over height: they keep it at any tile size.
const ILLUSTRATION_ASPECT: f32 = 4.0 / 3.0;

impl View for Lobby {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::WithMinors
    }

    fn times_out(&self) -> bool {
        // The lobby stays: it is where the idle timeout leads.
        false
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            ui.label(RichText::new(texts.get("lobby-title")).text_style(egui::TextStyle::Heading));
            // While play is closed, why takes the subtitle's place.
            let open = play_banner(ui, context, commands).unwrap_or_else(|| {
                ui.add(
                    egui::Label::new(
                        RichText::new(texts.get("lobby-subtitle")).color(palette::INK_SOFT),
                    )
                    .wrap(),
                );
                true
            });
            ui.add_space(8.0);
            let area = ui.available_rect_before_wrap();
            // Two by two on a landscape screen, one above the other in portrait.
            let columns = if layout::is_portrait(ui.ctx().content_rect().size()) {
                1
            } else {
                2
            };
            let rows = GAMES.len().div_ceil(columns);
            let tile = Vec2::new(
                (area.width() - size::GAP * (columns - 1) as f32) / columns as f32,
                ((area.height() - size::GAP * (rows - 1) as f32) / rows as f32)
                    .max(size::TOUCH * 3.0),
            );
            let needed = Vec2::new(
                area.width(),
                tile.y * rows as f32 + size::GAP * (rows - 1) as f32,
            );
            let mut tiles = |ui: &mut egui::Ui| {
                let (grid, _) = ui.allocate_exact_size(needed, egui::Sense::hover());
                for (position, entry) in GAMES.iter().enumerate() {
                    let column = position % columns;
                    let row = position / columns;
                    let rect = Rect::from_min_size(
                        grid.min
                            + Vec2::new(
                                column as f32 * (tile.x + size::GAP),
                                row as f32 * (tile.y + size::GAP),
                            ),
                        tile,
                    );
                    draw_tile(ui, entry, rect, context, open, commands);
                }
            };
            // Where the tiles at their smallest do not fit (a notice and a
            // banner over them on a short screen), they scroll.
            if needed.y > area.height() + 0.5 {
                scroll_view(ui, "lobby_tiles", tiles);
            } else {
                tiles(ui);
            }
        });
    }
}

/// A banner above the tiles when play is closed — the player said they are
/// under 18 (with the way to answer again) or chose a break (with its end).
/// Returns whether the tiles open the games (`Some(false)`), or `None`
/// without a banner.
fn play_banner(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    commands: &mut Vec<Command>,
) -> Option<bool> {
    let texts = context.texts;
    let protection = context.protection?;
    let refused = protection.adult == Some(false);
    let banner = if refused {
        texts.get("age-refused-banner")
    } else if let Some(until) = protection.excluded_until {
        texts.with(
            "exclusion-banner",
            &[("date", local_moment(until, context.time_zone))],
        )
    } else {
        return None;
    };
    egui::Frame::NONE
        .fill(palette::NOTICE_BACKGROUND)
        .corner_radius(size::RADIUS)
        .inner_margin(egui::Margin::symmetric(24, 4))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(banner).color(palette::INK).strong());
                if refused && quiet_button(ui, &texts.get("age-ask-again")).clicked() {
                    commands.push(Command::Go(Navigation::Age));
                }
            });
        });
    Some(false)
}

/// Where a tile's parts go: its words on the left, its illustration on the
/// right keeping its shape, "Jouer" at the bottom.
struct TileLayout {
    margin: f32,
    art: Rect,
    pill: Rect,
}

impl TileLayout {
    /// The layout of a tile in `rect` whose words need `words_width` on one line.
    fn new(rect: Rect, words_width: f32) -> Self {
        let margin = (rect.height() * 0.1).clamp(size::GAP, size::MARGIN);
        let room = rect.shrink(margin);
        let art_width = (room.width() - words_width - size::GAP)
            .min(room.width() * 0.5)
            .min(room.height() * ILLUSTRATION_ASPECT)
            .max(0.0);
        let art = Rect::from_center_size(
            Pos2::new(room.right() - art_width / 2.0, room.center().y),
            Vec2::new(art_width, art_width / ILLUSTRATION_ASPECT),
        );
        let pill = Rect::from_min_size(
            Pos2::new(room.left(), room.bottom() - size::TOUCH),
            Vec2::new(size::TOUCH * 2.8, size::TOUCH),
        );
        Self { margin, art, pill }
    }
}

fn draw_tile(
    ui: &mut egui::Ui,
    entry: &GameEntry,
    rect: Rect,
    context: &PageContext<'_>,
    open: bool,
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    let game = entry.game;
    let look = &entry.tile;
    let emission = game.rules().first_offered;
    // A unit bought before play closed can always be finished.
    let waiting = context.waiting.is_some_and(|waiting| waiting.game == game);
    let open = open || waiting;
    let response = touch_rect(
        ui,
        rect,
        game,
        || texts.with("tile-label", &[("game", game.title().to_owned())]),
        open,
    );
    if response.clicked() {
        commands.push(Command::Go(Navigation::Game(emission)));
    }
    let painter = ui.painter_at(rect.expand(8.0));
    let inside = ui.painter_at(rect.shrink(f32::from(size::RADIUS_LARGE) / 3.0));
    let hover = ui.ctx().animate_bool_with_time(
        response.id,
        open && response.hovered(),
        theme::motion::REVEAL,
    );
    painter.add(Shape::rect_filled(
        rect.translate(Vec2::new(0.0, 6.0)),
        size::RADIUS_LARGE,
        palette::SHADOW,
    ));
    painter.rect_filled(rect, size::RADIUS_LARGE, look.background);
    let top_prize = game
        .emissions()
        .map(Emission::top_prize)
        .max()
        .unwrap_or_default();
    let title = game.title();
    let price = price_line(game, texts);
    let headline = texts.with("tile-top-prize", &[("prize", top_prize.short())]);
    let words_width = text_width(ui, title, egui::TextStyle::Heading)
        .max(text_width(ui, &price, egui::TextStyle::Body))
        .max(text_width(ui, &headline, style::amount()));
    let parts = TileLayout::new(rect, words_width);
    // A soft light behind the illustration.
    for step in 0..6_u8 {
        let radius = parts.art.height() * (0.62 - f32::from(step) * 0.07);
        inside.circle_filled(
            parts.art.center(),
            radius,
            look.glow.gamma_multiply(0.18 + 0.1 * f32::from(step)),
        );
    }
    if parts.art.width() > size::TOUCH {
        egui::Image::new(look.illustration.clone())
            .fit_to_exact_size(parts.art.size())
            .paint_at(ui, parts.art);
    }
    if hover > 0.0 {
        painter.rect_stroke(
            rect.shrink(2.0),
            size::RADIUS_LARGE,
            Stroke::new(4.0, look.highlight.gamma_multiply(hover)),
            egui::StrokeKind::Inside,
        );
    }

    // The words, as labels of the tile (a screen reader reads them with it).
    let words = Rect::from_min_max(
        rect.min + Vec2::splat(parts.margin),
        Pos2::new(
            parts.art.left() - size::GAP,
            parts.pill.top() - size::GAP / 2.0,
        ),
    );
    tile_words(
        ui,
        words,
        response.id,
        [title, &price, &headline],
        look.highlight,
    );
    let pill = if waiting {
        Pill::Waiting
    } else if !open {
        Pill::Closed
    } else {
        Pill::Play
    };
    let pill = tile_pill(ui, &painter, parts.pill, response.id, pill, texts);
    if context.seat == Seat::Free && open {
        let place = Rect::from_min_max(
            Pos2::new(pill.right() + size::GAP, pill.top()),
            Pos2::new(parts.art.right(), pill.bottom()),
        );
        try_pill(ui, &painter, place, response.id, emission, texts, commands);
    }
}

/// "Essayer", beside "Jouer" while nobody is signed in: the game with play
/// money, in a trial's blue. Left out where the tile has no room for it.
fn try_pill(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    place: Rect,
    tile: egui::Id,
    emission: &'static Emission,
    texts: &Texts,
    commands: &mut Vec<Command>,
) {
    let text = texts.get("tile-try");
    let width = text_width(ui, &text, style::amount()) + size::MARGIN * 2.0;
    if width > place.width() {
        return;
    }
    let pill = Rect::from_min_size(place.min, Vec2::new(width, place.height()));
    let game = emission.game;
    // A button of its own inside the tile's, as its words are.
    let inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(pill)
            .accessibility_parent(tile),
    );
    let response = touch_rect(
        &inside,
        pill,
        (game, "try"),
        || texts.with("tile-try-label", &[("game", game.title().to_owned())]),
        true,
    );
    if response.clicked() {
        commands.push(Command::Player(PlayerCommand::Try(emission)));
    }
    painter.rect_filled(pill, size::RADIUS, palette::TRIAL);
    painter.text(
        pill.center(),
        egui::Align2::CENTER_CENTER,
        text,
        ui.style().text_styles[&style::amount()].clone(),
        palette::ON_DARK,
    );
}

/// A tile's title, price line and top prize, as labels of the tile `parent`.
fn tile_words(
    ui: &mut egui::Ui,
    area: Rect,
    parent: egui::Id,
    [title, price, headline]: [&str; 3],
    highlight: Color32,
) {
    let mut column = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(area)
            .layout(egui::Layout::top_down(egui::Align::LEFT))
            .accessibility_parent(parent),
    );
    column.spacing_mut().item_spacing.y = 4.0;
    let row = |style: egui::TextStyle| column.text_style_height(&style) + 4.0;
    // A short tile (a notice or a banner above) drops the price line, which
    // the table's "Jouer" button says again.
    let has_room =
        row(egui::TextStyle::Heading) + row(egui::TextStyle::Body) + row(style::amount())
            <= area.height();
    column.add(
        egui::Label::new(
            RichText::new(title)
                .text_style(egui::TextStyle::Heading)
                .color(palette::ON_DARK),
        )
        .wrap(),
    );
    if has_room {
        column.add(egui::Label::new(RichText::new(price).color(palette::ON_DARK_SOFT)).wrap());
    }
    column.add(
        egui::Label::new(
            RichText::new(headline)
                .text_style(style::amount())
                .color(highlight),
        )
        .wrap(),
    );
}

/// What the foot of a tile says.
#[derive(Clone, Copy)]
enum Pill {
    /// "Jouer".
    Play,
    /// "Partie en cours": this game's unit waits.
    Waiting,
    /// "Fermé": play is closed.
    Closed,
}

/// "Jouer" at the foot of a tile, "Partie en cours" for the game whose unit
/// waits, "Fermé" while play is closed. Returns the rect it takes.
fn tile_pill(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    place: Rect,
    tile: egui::Id,
    pill: Pill,
    texts: &Texts,
) -> Rect {
    let (pill_text, pill_fill) = match pill {
        Pill::Play => (texts.get("tile-play"), palette::ACTION),
        Pill::Waiting => (texts.get("tile-waiting"), palette::CREAM),
        Pill::Closed => (texts.get("tile-closed"), palette::QUIET),
    };
    let pill_width = text_width(ui, &pill_text, style::amount()) + size::MARGIN * 2.0;
    let pill = Rect::from_min_size(
        place.min,
        Vec2::new(pill_width.max(place.width()), size::TOUCH),
    );
    painter.rect_filled(pill, size::RADIUS, pill_fill);
    ui.new_child(
        egui::UiBuilder::new()
            .max_rect(pill)
            .layout(egui::Layout::centered_and_justified(
                egui::Direction::LeftToRight,
            ))
            .accessibility_parent(tile),
    )
    .label(
        RichText::new(pill_text)
            .text_style(style::amount())
            .color(palette::INK),
    );
    pill
}
