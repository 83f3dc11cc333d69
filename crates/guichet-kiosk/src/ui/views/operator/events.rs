//! The event log: errors, operator actions, resumes, PIN tries and lockouts,
//! newest first.

use guichet_sqlite::Event;

use super::grid::table;
use crate::ui::view::PageContext;
use crate::ui::widgets::local_time;

/// Draws the event log tab.
pub fn ui(ui: &mut egui::Ui, context: &PageContext<'_>, events: &[Event]) {
    let texts = context.texts;
    let rows: Vec<Vec<String>> = events
        .iter()
        .map(|event| {
            vec![
                local_time(&event.at, context.time_zone),
                texts.get(&format!("event-{}", event.kind.name().replace('_', "-"))),
                event.detail.clone(),
            ]
        })
        .collect();
    table(
        ui,
        "event_log",
        &[
            texts.get("operator-when"),
            texts.get("operator-what"),
            texts.get("operator-detail"),
        ],
        &rows,
    );
}
