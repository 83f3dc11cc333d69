//! The operator menu as the kiosk applies it: the PIN, then each tab read
//! from the store, cash in and out, meter resets, the verification, the
//! recall of a unit, the settings and the way out of kiosk mode. Every
//! operator action is logged by the store.

use guichet_core::money::Cents;
use guichet_sale::StoreError;
use guichet_sqlite::{EventKind, PinCheck, Store};

use super::{Access, Guichet, Page, point_of};
use crate::command::{Command, Setting};
use crate::ui::games::Opening;
use crate::ui::notice::Notice;
use crate::ui::views::{
    ChartFacts, Lobby, OperatorPage, OperatorTab, PinMessage, PinPage, RtpCurve, TabContent,
    TierFacts,
};

/// Units the recall lists.
pub const RECALL_LENGTH: u32 = 10;
/// Events the log shows.
const EVENTS_SHOWN: u32 = 200;
/// Cash movements the credits tab lists.
const MOVEMENTS_SHOWN: usize = 8;
/// Points a return-to-player curve keeps at most.
const CURVE_POINTS: usize = 400;

impl Guichet {
    /// Applies a command of the operator menu (others do nothing). Every tab
    /// but the PIN needs the right PIN first.
    pub(super) fn operator_command(&mut self, command: Command) -> Result<(), StoreError> {
        let Some(store) = self.store.as_mut() else {
            return Ok(());
        };
        match command {
            Command::ShowOperator => {
                self.operator = Access::Closed;
                self.page = Page::Pin(PinPage::new(store.operator_pin_is_set()?));
                Ok(())
            }
            Command::SubmitPin(pin) => self.submit_pin(&pin),
            Command::LeaveOperator => {
                // Back to what a player sees first: the age question, an
                // unfinished unit, or the lobby.
                self.operator = Access::Closed;
                self.page = Page::Lobby(Lobby);
                self.first_page();
                Ok(())
            }
            _ if self.operator != Access::Open => Ok(()),
            Command::OperatorTab(tab) => self.show_tab(tab, None),
            // On a network, the player's money moves at the operator's desk.
            Command::CashIn { .. } | Command::CashOut { .. } if self.network.is_some() => {
                self.tell_at_the_desk();
                Ok(())
            }
            Command::CashIn { amount, reason } => store.cash_in(amount, &reason).and_then(|_| {
                self.say("operator-cashed-in", amount);
                self.show_tab(OperatorTab::Credits, None)
            }),
            Command::CashOut { amount, reason } => store.cash_out(amount, &reason).and_then(|_| {
                self.say("operator-paid-out", amount);
                self.show_tab(OperatorTab::Credits, None)
            }),
            Command::ResetMeters(reason) => store
                .reset_meters(&reason)
                .and_then(|_| self.show_tab(OperatorTab::Meters, None)),
            Command::VerifyStore => {
                let findings = store.verify()?;
                let detail = if findings.is_empty() {
                    "verified: no finding".to_owned()
                } else {
                    format!("verified: {} finding(s)", findings.len())
                };
                store.log_event(EventKind::Verify, &detail)?;
                self.show_tab(OperatorTab::Blocks, Some(findings))
            }
            Command::Recall(id) => {
                let Some(point) = point_of(&mut self.store, &mut self.network) else {
                    return Ok(());
                };
                if let Some(unit) = Self::open_unit(point, &mut self.page, id, Opening::Replay)? {
                    self.log_taken_up(&unit);
                }
                if let Some(game) = self.page.game_mut() {
                    game.mark_recall();
                }
                Ok(())
            }
            Command::ChangeSetting(setting) => {
                self.change_setting(setting)?;
                self.show_tab(OperatorTab::Settings, None)
            }
            Command::ExitKiosk if self.mode.kiosk => {
                store.log_event(EventKind::Exit, "the operator closed the kiosk")?;
                self.exiting = true;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Applies a change of setting: to the store, then to the kiosk.
    pub(super) fn change_setting(&mut self, setting: Setting) -> Result<(), StoreError> {
        let Some(store) = self.store.as_mut() else {
            return Ok(());
        };
        self.settings.change(store, setting)?;
        if let Setting::Language(language) = setting {
            self.texts.set_language(language);
        }
        self.sound.set(self.settings.sound, self.settings.volume);
        Ok(())
    }

    /// Says that, on a network, money, limits and breaks are the desk's.
    pub(super) fn tell_at_the_desk(&mut self) {
        self.notice = Some(Notice {
            text: self.texts.get("notice-at-the-desk"),
            is_problem: false,
        });
    }

    /// A short notice naming `amount`.
    fn say(&mut self, key: &str, amount: Cents) {
        self.notice = Some(Notice {
            text: self.texts.with(key, &[("amount", amount.to_string())]),
            is_problem: false,
        });
    }

    /// The PIN typed: chosen the first time, checked afterwards; five wrong
    /// ones lock the menu (the store counts and records them).
    fn submit_pin(&mut self, pin: &str) -> Result<(), StoreError> {
        let Some(store) = self.store.as_mut() else {
            return Ok(());
        };
        let message = match store.check_operator_pin(pin)? {
            PinCheck::NotSet => {
                store.set_operator_pin(pin)?;
                self.operator = Access::Open;
                return self.show_tab(OperatorTab::Credits, None);
            }
            PinCheck::Right => {
                self.operator = Access::Open;
                return self.show_tab(OperatorTab::Credits, None);
            }
            PinCheck::Wrong { tries_left } => PinMessage::Wrong(tries_left),
            PinCheck::Locked { until } => PinMessage::Locked(until),
        };
        if let Page::Pin(page) = &mut self.page {
            page.tell(message);
        }
        Ok(())
    }

    /// Reads `tab`'s content from the store and shows it.
    fn show_tab(
        &mut self,
        tab: OperatorTab,
        verified: Option<Vec<String>>,
    ) -> Result<(), StoreError> {
        // The units played here, where they are kept: on the network when
        // the kiosk plays on one.
        let recalled = if tab == OperatorTab::Recall {
            point_of(&mut self.store, &mut self.network)
                .map(|point| point.recent_units(RECALL_LENGTH))
                .transpose()?
        } else {
            None
        };
        let Some(store) = self.store.as_ref() else {
            return Ok(());
        };
        let content = match tab {
            OperatorTab::Credits
            | OperatorTab::Meters
            | OperatorTab::Blocks
            | OperatorTab::Charts
                if self.network.is_some() =>
            {
                TabContent::OnTheNetwork(tab)
            }
            OperatorTab::Credits => TabContent::Credits(
                store
                    .events(EVENTS_SHOWN)?
                    .into_iter()
                    .filter(|event| matches!(event.kind, EventKind::CashIn | EventKind::CashOut))
                    .take(MOVEMENTS_SHOWN)
                    .collect(),
            ),
            OperatorTab::Meters => {
                let last_reset = store.meter_resets()?.pop();
                TabContent::Meters {
                    installed: store.meters(0)?,
                    since_reset: store
                        .meters(last_reset.as_ref().map_or(0, |reset| reset.last_ledger_id))?,
                    last_reset,
                }
            }
            OperatorTab::Blocks => TabContent::Blocks {
                selling: guichet_core::games::emissions()
                    .map(|emission| Ok((emission, store.block_status(emission)?)))
                    .collect::<Result<_, StoreError>>()?,
                past: store
                    .blocks()?
                    .into_iter()
                    .rev()
                    .filter(|record| record.closed_at.is_some())
                    .collect(),
                verified,
            },
            OperatorTab::Charts => TabContent::Charts(chart_facts(store)?),
            OperatorTab::Recall => TabContent::Recall(recalled.unwrap_or_default()),
            OperatorTab::Events => TabContent::Events(store.events(EVENTS_SHOWN)?),
            OperatorTab::Settings => TabContent::Settings {
                settings: self.settings,
                kiosk_mode: self.mode.kiosk,
            },
        };
        match &mut self.page {
            Page::Operator(page) => page.show(content),
            _ => self.page = Page::Operator(OperatorPage::new(content)),
        }
        Ok(())
    }
}

/// The charts' data: per emission, the return to player after each unit
/// settled, and the units that won each tier against what the table gives.
fn chart_facts(store: &Store) -> Result<ChartFacts, StoreError> {
    let prizes = store.settled_prizes()?;
    let mut facts = ChartFacts::default();
    for emission in guichet_core::games::emissions() {
        let won: Vec<Cents> = prizes
            .iter()
            .filter(|(of, _)| std::ptr::eq(*of, emission))
            .map(|(_, prize)| *prize)
            .collect();
        let every = won.len().div_ceil(CURVE_POINTS).max(1);
        let mut paid = 0_i64;
        let mut points = Vec::new();
        for (index, prize) in won.iter().enumerate() {
            paid += prize.get();
            let units = index + 1;
            if units % every == 0 || units == won.len() {
                let staked = emission.stake.get() as f64 * units as f64;
                points.push([units as f64, paid as f64 / staked]);
            }
        }
        facts.curves.push(RtpCurve {
            emission,
            points,
            table_rate: emission.return_to_player_basis_points() as f64 / 10_000.0,
        });
        let size = f64::from(emission.block_size);
        facts.tiers.push(TierFacts {
            emission,
            tiers: emission
                .tiers
                .iter()
                .filter(|tier| tier.prize.is_positive())
                .map(|tier| {
                    let count = won.iter().filter(|prize| **prize == tier.prize).count() as u64;
                    (
                        tier.prize,
                        count,
                        won.len() as f64 * f64::from(tier.lots) / size,
                    )
                })
                .collect(),
        });
    }
    Ok(facts)
}
