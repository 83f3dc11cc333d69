//! The charts (`egui_plot`): for the emission chosen, the return to player
//! over the units sold against the rate of its règlement's table, and the
//! prizes paid per tier against what the table gives that many units.

use egui::RichText;
use egui_plot::{Bar, BarChart, HLine, Legend, Line, Plot};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;

use crate::ui::theme::{palette, size};
use crate::ui::view::PageContext;
use crate::ui::widgets::choice_button;

/// One emission's return to player, unit after unit.
#[derive(Clone, Debug, PartialEq)]
pub struct RtpCurve {
    /// The emission.
    pub emission: &'static Emission,
    /// (units settled, paid over staked so far), at most a few hundred points.
    pub points: Vec<[f64; 2]>,
    /// The rate of the règlement's table.
    pub table_rate: f64,
}

/// One emission's prizes paid per tier.
#[derive(Clone, Debug, PartialEq)]
pub struct TierFacts {
    /// The emission.
    pub emission: &'static Emission,
    /// For each winning tier: its prize, the units settled that won it, and
    /// how many the table gives that many units on average.
    pub tiers: Vec<(Cents, u64, f64)>,
}

/// What the charts show, one entry per emission in the games' order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartFacts {
    /// The return to player curves.
    pub curves: Vec<RtpCurve>,
    /// The prizes per tier.
    pub tiers: Vec<TierFacts>,
}

/// Which emission the charts show.
#[derive(Clone, Copy, Debug, Default)]
pub struct Choice(usize);

/// Draws the charts tab.
pub fn ui(ui: &mut egui::Ui, context: &PageContext<'_>, choice: &mut Choice, facts: &ChartFacts) {
    let texts = context.texts;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = size::GAP / 2.0;
        for (index, curve) in facts.curves.iter().enumerate() {
            let name = format!(
                "{} {}",
                curve.emission.game.title(),
                curve.emission.stake.short()
            );
            if choice_button(ui, &name, choice.0 == index).clicked() {
                choice.0 = index;
            }
        }
    });
    let (Some(curve), Some(tiers)) = (facts.curves.get(choice.0), facts.tiers.get(choice.0)) else {
        return;
    };
    let height = ((ui.available_height() - size::TOUCH) / 2.0).max(size::TOUCH * 3.0);
    ui.label(RichText::new(texts.get("operator-chart-rtp")).strong());
    if curve.points.is_empty() {
        ui.label(RichText::new(texts.get("operator-chart-empty")).color(palette::INK_SOFT));
    }
    Plot::new(("rtp", choice.0))
        .height(height)
        .legend(Legend::default())
        .include_y(0.0)
        .include_y(curve.table_rate * 1.5)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .x_axis_label(texts.get("operator-units"))
        // Whole units along, rates up in per cent the French way ("66 %").
        .x_axis_formatter(|mark, _| whole_number(mark.value))
        .y_axis_formatter(|mark, _| percent(mark.value))
        .show(ui, |plot| {
            plot.line(
                Line::new(texts.get("operator-rtp"), curve.points.clone())
                    .color(palette::NIGHT_GLOW)
                    .width(2.5),
            );
            plot.hline(
                HLine::new(texts.get("operator-rtp-table"), curve.table_rate)
                    .color(palette::GOLD)
                    .width(2.0),
            );
        });
    ui.label(RichText::new(texts.get("operator-chart-tiers")).strong());
    let won: Vec<Bar> = tiers
        .tiers
        .iter()
        .enumerate()
        .map(|(place, (prize, won, _))| {
            Bar::new(place as f64 - 0.2, *won as f64)
                .width(0.38)
                .name(prize.short())
        })
        .collect();
    let expected: Vec<Bar> = tiers
        .tiers
        .iter()
        .enumerate()
        .map(|(place, (prize, _, expected))| {
            Bar::new(place as f64 + 0.2, *expected)
                .width(0.38)
                .name(prize.short())
        })
        .collect();
    let names: Vec<String> = tiers
        .tiers
        .iter()
        .map(|(prize, _, _)| prize.short())
        .collect();
    Plot::new(("tiers", choice.0))
        .height(height)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .x_axis_formatter(move |mark, _| {
            let place = mark.value.round();
            if (mark.value - place).abs() < 0.01 && place >= 0.0 {
                names.get(place as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new(texts.get("operator-chart-won"), won).color(palette::WIN));
            plot.bar_chart(
                BarChart::new(texts.get("operator-chart-expected"), expected).color(palette::GOLD),
            );
        });
}

/// A mark on the units' axis: a whole number of units, or nothing between.
fn whole_number(value: f64) -> String {
    let whole = value.round();
    if (value - whole).abs() < 1e-6 && whole >= 0.0 {
        format!("{whole:.0}")
    } else {
        String::new()
    }
}

/// A rate as a mark of its axis: "66 %", "12,5 %" (a no-break space before
/// the sign).
fn percent(rate: f64) -> String {
    let value = rate * 100.0;
    let text = if (value - value.round()).abs() < 0.05 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}").replace('.', ",")
    };
    format!("{text}\u{a0}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axes_say_whole_units_and_french_per_cents() {
        assert_eq!(whole_number(3.0), "3");
        assert_eq!(whole_number(1.5), "");
        assert_eq!(percent(0.66), "66\u{a0}%");
        assert_eq!(percent(1.25), "125\u{a0}%");
        assert_eq!(percent(0.125), "12,5\u{a0}%");
        assert_eq!(percent(0.0), "0\u{a0}%");
    }
}
