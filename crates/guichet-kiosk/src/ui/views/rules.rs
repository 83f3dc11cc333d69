//! The rules of a game: the rules in our own words, and the paytable of each of
//! its emissions drawn from the core's own tables, with the lots still in the
//! block on sale.

use egui::{Align, Grid, Layout, RichText, Vec2};
use guichet_core::emission::{Emission, Game};
use guichet_core::money::{Cents, group_thousands, percent};
use guichet_sale::BlockStatus;

use crate::command::{Command, Navigation};
use crate::ui::games::{GAMES, entry};
use crate::ui::theme::{self, palette, size, style};
use crate::ui::view::{LegalWarning, PageContext, View};
use crate::ui::widgets::{choice_button, local_time, scroll_view, text_width};

/// The rules page of one game.
pub struct RulesPage {
    game: Game,
    blocks: Vec<(&'static Emission, Option<BlockStatus>)>,
}

impl RulesPage {
    /// The rules of `game`, with where each of its emissions' open block stands.
    #[must_use]
    pub const fn new(game: Game, blocks: Vec<(&'static Emission, Option<BlockStatus>)>) -> Self {
        Self { game, blocks }
    }

    /// The game shown.
    #[must_use]
    pub const fn game(&self) -> Game {
        self.game
    }
}

impl View for RulesPage {
    fn legal_warning(&self) -> LegalWarning {
        LegalWarning::Shown
    }

    fn times_out(&self) -> bool {
        true
    }

    fn result_pending(&self, _now: f64) -> Option<Cents> {
        None
    }

    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>) {
        let texts = context.texts;
        theme::page_frame().show(ui, |ui| {
            let title = texts.with("rules-title", &[("game", self.game.title().to_owned())]);
            let buttons: f32 = GAMES
                .iter()
                .map(|entry| entry.game)
                .map(|game| {
                    text_width(ui, game.title(), egui::TextStyle::Button) + 48.0 + size::GAP
                })
                .sum();
            let one_row = text_width(ui, &title, egui::TextStyle::Heading) + buttons + size::GAP
                <= ui.available_width();
            let games = |ui: &mut egui::Ui, commands: &mut Vec<Command>| {
                // The game shown in gold, each tab the same size chosen or
                // not: the row never shifts.
                for game in GAMES.iter().rev().map(|entry| entry.game) {
                    let pressed = choice_button(ui, game.title(), game == self.game);
                    if pressed.clicked() && game != self.game {
                        commands.push(Command::Go(Navigation::Rules(game)));
                    }
                }
            };
            if one_row {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&title).text_style(egui::TextStyle::Heading));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        games(ui, commands);
                    });
                });
            } else {
                // Too narrow for both: the title, then the games under it.
                ui.label(RichText::new(&title).text_style(egui::TextStyle::Heading));
                ui.horizontal(|ui| {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        games(ui, commands);
                    });
                });
            }
            ui.add_space(8.0);
            let height = ui.available_height();
            // A third for the words, the rest for the paytables: a table of
            // four columns (Bingo's) fits whole at 1024 pixels.
            let words_width = ui.available_width() * 0.34;
            ui.horizontal_top(|ui| {
                ui.allocate_ui_with_layout(
                    Vec2::new(words_width, height),
                    Layout::top_down(Align::LEFT),
                    |ui| {
                        scroll_view(ui, "rules_words", |ui| {
                            for paragraph in texts
                                .get(&entry(self.game).rules_key())
                                .split('\n')
                                .filter(|line| !line.trim().is_empty())
                            {
                                ui.label(paragraph.trim());
                            }
                            ui.add_space(size::GAP);
                            egui::Frame::NONE
                                .fill(palette::NOTICE_BACKGROUND)
                                .corner_radius(size::RADIUS)
                                .inner_margin(egui::Margin::same(16))
                                .show(ui, |ui| ui.label(texts.get("rules-already-won")));
                        });
                    },
                );
                ui.add_space(size::GAP);
                scroll_view(ui, "rules_paytables", |ui| {
                    ui.vertical(|ui| {
                        for (emission, status) in &self.blocks {
                            paytable(ui, emission, status.as_ref(), context);
                            ui.add_space(size::GAP);
                        }
                    });
                });
            });
        });
    }
}

/// One emission's table: lots, prize, the way it is made (for a game whose
/// rules say it), and the lots left in the block on sale.
fn paytable(
    ui: &mut egui::Ui,
    emission: &Emission,
    status: Option<&BlockStatus>,
    context: &PageContext<'_>,
) {
    let texts = context.texts;
    theme::card_frame().show(ui, |ui| {
        // Every emission's card the column's width, whatever its lines.
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(texts.with("rules-paytable", &[("stake", emission.stake.to_string())]))
                .text_style(style::amount()),
        );
        let units = group_thousands(u64::from(emission.block_size));
        let block_line = match status {
            None => texts.with("rules-block-not-open", &[("units", units.clone())]),
            Some(status) => match status.settled {
                Some(settled) => texts.with(
                    "rules-block",
                    &[
                        ("number", status.selling.number.to_string()),
                        ("played", group_thousands(u64::from(settled))),
                        ("units", group_thousands(u64::from(status.size))),
                    ],
                ),
                // A network does not publish the units played out.
                None => texts.with(
                    "rules-block-selling",
                    &[
                        ("number", status.selling.number.to_string()),
                        ("units", group_thousands(u64::from(status.size))),
                    ],
                ),
            },
        };
        ui.label(
            RichText::new(block_line)
                .text_style(style::small())
                .color(palette::INK_SOFT),
        );
        if let Some(status) = status {
            commitment_lines(ui, context, status);
        }
        let right = ui.max_rect().right();
        Grid::new(emission.code())
            .min_row_height(32.0)
            .spacing([size::GAP, 4.0])
            .show(ui, |ui| {
                for heading in [
                    "rules-column-lots",
                    "rules-column-prize",
                    "rules-column-left",
                ] {
                    ui.label(
                        RichText::new(texts.get(heading))
                            .strong()
                            .color(palette::INK_SOFT),
                    );
                }
                let tier_words = entry(emission.game).tier_words;
                if tier_words.is_some() {
                    last_column(
                        ui,
                        right,
                        RichText::new(texts.get("rules-column-made-of"))
                            .strong()
                            .color(palette::INK_SOFT),
                    );
                }
                ui.end_row();
                for (position, tier) in emission.tiers.iter().enumerate() {
                    ui.label(group_thousands(u64::from(tier.lots)));
                    ui.label(RichText::new(tier.prize.short()).strong());
                    // The table's lots where the lots won are not published.
                    let left = status
                        .and_then(|status| status.remaining_lots.as_ref())
                        .map_or(tier.lots, |lots| lots[position]);
                    ui.label(group_thousands(u64::from(left)));
                    if let Some(words) = tier_words {
                        last_column(ui, right, RichText::new(words(tier.prize, texts)));
                    }
                    ui.end_row();
                }
            });
        ui.label(
            RichText::new(texts.with(
                "rules-total",
                &[
                    ("lots", group_thousands(u64::from(emission.winning_lots()))),
                    ("paid", emission.total_paid().to_string()),
                    (
                        "rtp",
                        percent(emission.total_paid(), emission.total_staked()),
                    ),
                ],
            ))
            .color(palette::INK_SOFT),
        );
    });
}

/// A paytable's last column's cell: its words wrap in what is left of the
/// card's width, up to `right`.
fn last_column(ui: &mut egui::Ui, right: f32, words: RichText) {
    let room = (right - ui.cursor().left()).max(size::TOUCH);
    ui.allocate_ui(Vec2::new(room, 0.0), |ui| {
        ui.add(egui::Label::new(words).wrap());
    });
}

/// The commitments of the block selling and of the next one, each with the
/// time it was published: what a player (here) or the operator (its Blocs
/// tab) checks a block's seed against once it is published.
pub(crate) fn commitment_lines(ui: &mut egui::Ui, context: &PageContext<'_>, status: &BlockStatus) {
    let commitments = [
        Some(("rules-commitment", &status.selling)),
        status
            .next
            .as_ref()
            .map(|next| ("rules-next-commitment", next)),
    ];
    for (key, facts) in commitments.into_iter().flatten() {
        ui.label(
            RichText::new(context.texts.with(
                key,
                &[
                    ("number", facts.number.to_string()),
                    ("time", local_time(&facts.committed_at, context.time_zone)),
                    ("hash", spaced_hash(&facts.commitment.to_string())),
                ],
            ))
            .text_style(style::small())
            .color(palette::INK_SOFT),
        );
    }
}

/// A commitment's 64 hex digits in groups of eight, so that it wraps.
fn spaced_hash(hex: &str) -> String {
    hex.as_bytes()
        .chunks(8)
        .map(|group| String::from_utf8_lossy(group).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}
