//! The lobby: the four games as large tiles, each in its own world's colors,
//! with its name, its price, its top prize and an illustration.

use egui::{
    Align2, Color32, ImageSource, Pos2, Rect, RichText, Shape, Stroke, Vec2, include_image,
};
use guichet_core::emission::{Emission, Game, STAR_FORTUNE_100};
use guichet_core::money::Cents;

use super::{Kiosk, View};
use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::theme::{self, palette, size, style};
use crate::ui::widgets::touch_area;

/// The lobby page.
pub struct Lobby;

/// How a game's tile looks.
struct TileLook {
    background: Color32,
    glow: Color32,
    highlight: Color32,
    illustration: ImageSource<'static>,
}

fn look(game: Game) -> TileLook {
    match game {
        Game::BlackJack => TileLook {
            background: palette::FELT,
            glow: palette::FELT_LIGHT,
            highlight: palette::ACTION,
            illustration: include_image!("../../../assets/illustrations/blackjack.png"),
        },
        Game::X10 => TileLook {
            background: palette::NIGHT,
            glow: palette::NIGHT_GLOW,
            highlight: palette::ACTION,
            illustration: include_image!("../../../assets/illustrations/x10.png"),
        },
        Game::StarFortune => TileLook {
            background: palette::SKY,
            glow: palette::SKY_GLOW,
            highlight: palette::STARLIGHT,
            illustration: include_image!("../../../assets/illustrations/star-fortune.png"),
        },
        Game::Bingo => TileLook {
            background: palette::CORAL_DEEP,
            glow: palette::CORAL,
            highlight: palette::CREAM,
            illustration: include_image!("../../../assets/illustrations/bingo.png"),
        },
    }
}

/// The emission a tile opens: Star Fortune at 1 €, the others at their price.
fn opened_by_tile(game: Game) -> &'static Emission {
    match game {
        Game::StarFortune => &STAR_FORTUNE_100,
        _ => game.emissions().next().expect("every game has an emission"),
    }
}

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

impl View for Lobby {
    fn ui(&mut self, ui: &mut egui::Ui, kiosk: &Kiosk<'_>, commands: &mut Vec<Command>) {
        let texts = kiosk.texts;
        theme::page_frame().show(ui, |ui| {
            ui.label(RichText::new(texts.get("lobby-title")).text_style(egui::TextStyle::Heading));
            ui.label(RichText::new(texts.get("lobby-subtitle")).color(palette::INK_SOFT));
            ui.add_space(8.0);
            let available = ui.available_size();
            let tile = Vec2::new(
                (available.x - size::GAP) / 2.0,
                ((available.y - size::GAP) / 2.0).max(size::TOUCH * 3.0),
            );
            for row in Game::ALL.chunks(2) {
                ui.horizontal(|ui| {
                    for &game in row {
                        draw_tile(ui, game, tile, texts, commands);
                    }
                });
            }
        });
    }
}

fn draw_tile(
    ui: &mut egui::Ui,
    game: Game,
    tile: Vec2,
    texts: &Texts,
    commands: &mut Vec<Command>,
) {
    let look = look(game);
    let emission = opened_by_tile(game);
    let response = touch_area(
        ui,
        tile,
        game,
        &texts.with("tile-label", &[("game", game.title().to_owned())]),
        true,
    );
    if response.clicked() {
        commands.push(Command::ShowGame(emission));
    }
    let rect = response.rect;
    let painter = ui.painter_at(rect);
    let hover =
        ui.ctx()
            .animate_bool_with_time(response.id, response.hovered(), theme::motion::REVEAL);
    painter.add(Shape::rect_filled(
        rect.translate(Vec2::new(0.0, 6.0)),
        size::RADIUS_LARGE,
        palette::SHADOW,
    ));
    painter.rect_filled(rect, size::RADIUS_LARGE, look.background);
    // A soft light behind the illustration.
    let art = Rect::from_min_size(
        Pos2::new(
            rect.center().x - rect.width() * 0.02,
            rect.top() + rect.height() * 0.08,
        ),
        Vec2::new(rect.width() * 0.5, rect.height() * 0.84),
    );
    for step in 0..6_u8 {
        let radius = art.height() * (0.52 - f32::from(step) * 0.06);
        painter.circle_filled(
            art.center(),
            radius,
            look.glow.gamma_multiply(0.18 + 0.1 * f32::from(step)),
        );
    }
    egui::Image::new(look.illustration)
        .fit_to_exact_size(art.size())
        .paint_at(ui, art);
    if hover > 0.0 {
        painter.rect_stroke(
            rect.shrink(2.0),
            size::RADIUS_LARGE,
            Stroke::new(4.0, look.highlight.gamma_multiply(hover)),
            egui::StrokeKind::Inside,
        );
    }

    let left = rect.left() + size::MARGIN;
    let mut y = rect.top() + size::MARGIN;
    let title_rect = painter.text(
        Pos2::new(left, y),
        Align2::LEFT_TOP,
        game.title(),
        theme::font(size::HEADING, true),
        palette::ON_DARK,
    );
    y = title_rect.bottom() + 8.0;
    let price = painter.text(
        Pos2::new(left, y),
        Align2::LEFT_TOP,
        price_line(game, texts),
        theme::font(size::BODY, false),
        palette::ON_DARK_SOFT,
    );
    y = price.bottom() + size::GAP;
    let top_prize = game
        .emissions()
        .map(Emission::top_prize)
        .max()
        .unwrap_or_default();
    painter.text(
        Pos2::new(left, y),
        Align2::LEFT_TOP,
        texts.with("tile-top-prize", &[("prize", top_prize.short())]),
        theme::font(size::AMOUNT, true),
        look.highlight,
    );

    // The "Jouer" pill.
    let pill = Rect::from_min_size(
        Pos2::new(left, rect.bottom() - size::MARGIN - size::TOUCH),
        Vec2::new(180.0, size::TOUCH),
    );
    painter.rect_filled(pill, size::RADIUS, palette::ACTION);
    painter.text(
        pill.center(),
        Align2::CENTER_CENTER,
        texts.get("tile-play"),
        ui.style().text_styles[&style::amount()].clone(),
        palette::INK,
    );
}
