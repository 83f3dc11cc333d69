//! The player's protection as the kiosk applies it: the age question, the
//! limits, a break from play, and the answers to the reality checks.

use guichet_core::money::Cents;
use guichet_sale::{LimitKind, PointOfSale, RealityChoice, StoreError};
use guichet_sqlite::Store;

use super::{Guichet, Page, Session, point_of};
use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::notice::Notice;
use crate::ui::views::{AgePage, ExclusionPage, LimitsPage, Lobby, ResumePage};
use crate::ui::widgets::local_moment;

impl Guichet {
    /// Applies a command about the player's protection (others do nothing).
    pub(super) fn protection_command(&mut self, command: &Command) -> Result<(), StoreError> {
        if self.network.is_some()
            && matches!(
                command,
                Command::AnswerAge(_) | Command::SetLimits { .. } | Command::Exclude(_)
            )
        {
            // The desk checked the player's age and sets their limits and
            // breaks: a kiosk of a network only shows them.
            self.tell_at_the_desk();
            self.page = Page::Lobby(Lobby);
            return Ok(());
        }
        let Some(store) = self.store.as_mut() else {
            return Ok(());
        };
        match *command {
            Command::AnswerAge(adult) => store.answer_age(adult).and_then(|()| {
                self.page = if adult {
                    Self::page_after_age(store)?
                } else {
                    Page::Lobby(Lobby)
                };
                Ok(())
            }),
            Command::ShowAge => {
                self.page = Page::Age(AgePage);
                Ok(())
            }
            Command::ShowLimits => {
                self.page = Page::Limits(LimitsPage::new());
                Ok(())
            }
            Command::SetLimits { deposit, stake } => {
                Self::set_limits(store, &self.texts, &self.time_zone, deposit, stake).map(
                    |(notice, first)| {
                        self.notice = Some(notice);
                        self.page = if first {
                            Page::Lobby(Lobby)
                        } else {
                            Page::Limits(LimitsPage::new())
                        };
                    },
                )
            }
            Command::ShowExclusion => {
                self.page = Page::Exclusion(ExclusionPage::new());
                Ok(())
            }
            Command::Exclude(days) => store.exclude(days).map(|until| {
                self.notice = Some(Notice {
                    text: self.texts.with(
                        "exclusion-until",
                        &[("date", local_moment(until, &self.time_zone))],
                    ),
                    is_problem: false,
                });
                self.page = Page::Lobby(Lobby);
            }),
            Command::RealityCheck(choice) => {
                let played = self.session.played_seconds(self.time);
                let net = self.session.net;
                self.reality = None;
                store.record_reality_check(played, net, choice)?;
                match choice {
                    RealityChoice::Continue => self.session.go_on(self.time),
                    RealityChoice::Stop => {
                        let mark = point_of(&mut self.store, &mut self.network)
                            .map_or(Ok(0), PointOfSale::ledger_mark)?;
                        self.session = Session::new(mark, self.session.period_minutes());
                        self.page = Page::Lobby(Lobby);
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Whether the player said they are 18 or over.
    pub(super) fn of_age(&self) -> bool {
        self.protection
            .as_ref()
            .is_some_and(|protection| protection.adult == Some(true))
    }

    /// Whether the lobby invites play: the player has not said they are a
    /// minor and is not on a break (what the attract loop needs to call for a
    /// touch).
    pub(super) fn play_invited(&self) -> bool {
        self.protection.as_ref().is_some_and(|protection| {
            protection.adult != Some(false) && protection.excluded_until.is_none()
        })
    }

    /// Play asked for without the player's age: the question if it was never
    /// answered, else a notice (a "no" disables play).
    pub(super) fn ask_age(&mut self) {
        let asked = self
            .protection
            .as_ref()
            .is_some_and(|protection| protection.adult.is_some());
        if asked {
            self.notice = Some(Notice {
                text: self.texts.get("notice-under-age"),
                is_problem: true,
            });
        } else {
            self.page = Page::Age(AgePage);
        }
    }

    /// After a "yes": the unfinished unit if there is one, else the limits if
    /// they are not set, else the lobby.
    fn page_after_age(store: &Store) -> Result<Page, StoreError> {
        if let Some(unit) = store.unfinished_units()?.into_iter().next() {
            return Ok(Page::Resume(ResumePage::new(unit)));
        }
        Ok(if store.protection()?.limits_set() {
            Page::Lobby(Lobby)
        } else {
            Page::Limits(LimitsPage::new())
        })
    }

    /// Sets the limits given; returns what to tell the player and whether
    /// these were the first limits.
    fn set_limits(
        store: &mut Store,
        texts: &Texts,
        zone: &jiff::tz::TimeZone,
        deposit: Option<Cents>,
        stake: Option<Cents>,
    ) -> Result<(Notice, bool), StoreError> {
        let first = !store.protection()?.limits_set();
        let mut raised_from = None;
        for (kind, amount) in [(LimitKind::Deposit, deposit), (LimitKind::Stake, stake)] {
            if let Some(amount) = amount {
                let change = store.set_limit(kind, amount)?;
                if !change.immediate {
                    raised_from = Some(change.effective_at);
                }
            }
        }
        let text = raised_from.map_or_else(
            || texts.get("limits-saved"),
            |from| {
                texts.with(
                    "limits-saved-pending",
                    &[("date", local_moment(from, zone))],
                )
            },
        );
        Ok((
            Notice {
                text,
                is_problem: false,
            },
            first,
        ))
    }
}
