//! The attract loop: on an idle kiosk with nothing to play, the games
//! take the screen in turn — each on its own color, its illustration slowly
//! drifting in, its name and top prize — with "Touchez pour jouer", and at
//! its foot the law's warning and "Jeu interdit aux mineurs" on their band
//! (`legal`). A touch anywhere stops it (that touch does nothing else).

use egui::{Align2, Rect, RichText, Sense, Vec2};
use guichet_core::emission::Emission;

use crate::ui::games::{GAMES, GameEntry};
use crate::ui::i18n::Texts;
use crate::ui::legal;
use crate::ui::theme::{palette, size, style};

/// Seconds each game holds the screen.
pub const SECONDS_PER_GAME: f64 = 6.0;
/// The time between two frames of the loop: 30 a second.
pub const FRAME: std::time::Duration = std::time::Duration::from_nanos(33_333_333);
/// Seconds of the cross-fade between two games.
const FADE: f64 = 0.8;

/// Draws the attract loop `elapsed` seconds after it started, over the whole
/// window. Returns whether it was touched.
pub fn show(ui: &egui::Ui, elapsed: f64, texts: &Texts) -> bool {
    let screen = ui.ctx().content_rect();
    let turn = (elapsed / SECONDS_PER_GAME).floor();
    let entry = GAMES[(turn as usize) % GAMES.len()];
    let into_turn = elapsed - turn * SECONDS_PER_GAME;
    // Fades in from the lounge at the start of each turn, out at its end.
    let opacity = (into_turn / FADE)
        .min((SECONDS_PER_GAME - into_turn) / FADE)
        .clamp(0.0, 1.0) as f32;
    let drift = (into_turn / SECONDS_PER_GAME) as f32;
    egui::Area::new(ui.scope_id().with("attract"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ui.ctx(), |ui| {
            // The whole screen takes the touch; the band's words lie inside it.
            let touch = egui::UiBuilder::new()
                .max_rect(screen)
                .sense(Sense::click());
            let response = ui
                .scope_builder(touch, |ui| {
                    ui.set_min_size(screen.size());
                    card(ui, screen, (entry, opacity, drift, elapsed), texts);
                })
                .response;
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, texts.get("attract-touch"))
            });
            response.clicked() || response.drag_started()
        })
        .inner
}

/// One game's card over `rect`: its color, illustration, name and top prize,
/// "Touchez pour jouer", and the law's band at the foot.
fn card(
    ui: &mut egui::Ui,
    rect: Rect,
    (entry, opacity, drift, elapsed): (&GameEntry, f32, f32, f64),
    texts: &Texts,
) {
    let game = entry.game;
    let painter = ui.painter_at(rect);
    let tile = &entry.tile;
    painter.rect_filled(rect, 0.0, palette::BALANCE);
    painter.rect_filled(rect, 0.0, tile.background.gamma_multiply(opacity));
    // The law's band at the foot; the card is laid out in the room above it.
    let band = legal::band(ui, "attract_legal_warning", texts, true);
    let room = Rect::from_min_max(rect.min, egui::pos2(rect.max.x, band.min.y));
    // The illustration: a third of the room's height, rising and growing a
    // little over the turn.
    let height = room.height().min(room.width() * 0.75) * (0.46 + 0.06 * drift);
    let art_center = room.center() - Vec2::new(0.0, room.height() * (0.08 + 0.04 * drift));
    for ring in 0..5_u8 {
        painter.circle_filled(
            art_center,
            height * (0.62 - f32::from(ring) * 0.08),
            tile.glow
                .gamma_multiply(opacity * (0.2 + 0.12 * f32::from(ring))),
        );
    }
    let art = Rect::from_center_size(art_center, Vec2::new(height * 4.0 / 3.0, height));
    egui::Image::new(tile.illustration.clone())
        .tint(egui::Color32::WHITE.gamma_multiply(opacity))
        .fit_to_exact_size(art.size())
        .paint_at(ui, art);
    let name_at = art.center_bottom() + Vec2::new(0.0, size::GAP * 2.0);
    painter.text(
        name_at,
        Align2::CENTER_TOP,
        game.title(),
        ui.style().text_styles[&style::title()].clone(),
        palette::ON_DARK.gamma_multiply(opacity),
    );
    let top_prize = game
        .emissions()
        .map(Emission::top_prize)
        .max()
        .unwrap_or_default();
    painter.text(
        name_at + Vec2::new(0.0, size::TITLE + size::GAP),
        Align2::CENTER_TOP,
        texts.with("tile-top-prize", &[("prize", top_prize.short())]),
        ui.style().text_styles[&style::amount()].clone(),
        palette::ACTION.gamma_multiply(opacity),
    );
    // "Touchez pour jouer" above the band, breathing once every two seconds.
    let breath = 0.75 + 0.25 * (elapsed * std::f64::consts::PI).sin().abs() as f32;
    let call = RichText::new(texts.get("attract-touch"));
    painter.text(
        room.center_bottom() - Vec2::new(0.0, size::MARGIN),
        Align2::CENTER_BOTTOM,
        call.text(),
        ui.style().text_styles[&egui::TextStyle::Heading].clone(),
        palette::ON_DARK.gamma_multiply(breath),
    );
}
