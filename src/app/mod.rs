//! The kiosk application: the page shown, the store behind it, and the one place
//! where the screens' commands are applied ([`Guichet::handle`]).

mod command;
mod page;

pub use command::Command;
pub use page::Page;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_store::{Store, StoreError, UnitState};

use crate::ui::games::screen_for;
use crate::ui::i18n::{Language, Texts};
use crate::ui::views::{
    GamePage, HistoryPage, Kiosk, Lobby, ResumePage, RulesPage, StoreProblemPage,
};
use crate::ui::{theme, top_bar, widgets};

/// What one press of "Crédit de démonstration" adds.
pub const DEMO_CREDIT: Cents = Cents::euros(20);
/// Units the history lists.
const HISTORY_LENGTH: u32 = 200;

/// A message over the page, until dismissed or replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Whether something went wrong (or is only information).
    pub is_problem: bool,
}

/// The kiosk.
pub struct Guichet {
    /// The store, or why it could not be opened.
    store: Option<Store>,
    page: Page,
    texts: Texts,
    balance: Cents,
    notice: Option<Notice>,
    time_zone: jiff::tz::TimeZone,
}

impl Guichet {
    /// The kiosk over `store` (or the reason it could not be opened), in French.
    /// Installs the look and the image loaders on `context`. An unfinished unit,
    /// if any, is offered before anything else.
    #[must_use]
    pub fn new(context: &egui::Context, store: Result<Store, StoreError>) -> Self {
        theme::install(context);
        egui_extras::install_image_loaders(context);
        let texts = Texts::new(Language::French);
        let mut kiosk = match store {
            Ok(store) => Self {
                store: Some(store),
                page: Page::Lobby(Lobby),
                texts,
                balance: Cents::ZERO,
                notice: None,
                time_zone: jiff::tz::TimeZone::system(),
            },
            Err(error) => Self {
                store: None,
                page: Page::StoreProblem(StoreProblemPage::new(&error)),
                texts,
                balance: Cents::ZERO,
                notice: None,
                time_zone: jiff::tz::TimeZone::system(),
            },
        };
        kiosk.refresh_balance();
        kiosk.offer_unfinished();
        kiosk
    }

    /// Shows times in `zone` rather than the system's.
    #[must_use]
    pub fn with_time_zone(mut self, zone: jiff::tz::TimeZone) -> Self {
        self.time_zone = zone;
        self
    }

    /// The page shown.
    #[must_use]
    pub const fn page(&self) -> &Page {
        &self.page
    }

    /// The notice shown, if any.
    #[must_use]
    pub const fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The balance shown.
    #[must_use]
    pub const fn balance(&self) -> Cents {
        self.balance
    }

    /// The store, when it opened.
    #[must_use]
    pub const fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// Applies one command. This is the only place the kiosk's state changes.
    pub fn handle(&mut self, command: Command) {
        if !matches!(command, Command::DismissNotice | Command::SetLanguage(_)) {
            self.notice = None;
        }
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let result: Result<(), StoreError> = match command {
            Command::ShowLobby => {
                self.page = Page::Lobby(Lobby);
                Ok(())
            }
            Command::ShowGame(emission) => {
                self.page = Page::Game(GamePage::new(emission, screen_for(emission.game)));
                Ok(())
            }
            Command::ShowHistory => store
                .recent_units(HISTORY_LENGTH)
                .map(|units| self.page = Page::History(HistoryPage::new(units))),
            Command::ShowRules(game) => {
                let statuses: Result<Vec<_>, _> = game
                    .emissions()
                    .map(|emission| {
                        store
                            .block_status(emission)
                            .map(|status| (emission, status))
                    })
                    .collect();
                statuses.map(|statuses| self.page = Page::Rules(RulesPage::new(game, statuses)))
            }
            Command::Buy { emission, auto } => Self::buy(store, &mut self.page, emission, auto),
            Command::Reveal { unit, step } => store
                .reveal(unit, &[step])
                .map(|unit| self.page.update_unit(unit)),
            Command::Settle(unit) => store
                .settle(unit)
                .map(|settlement| self.page.update_unit(settlement.unit)),
            Command::OpenUnit(id) => store.unit(id).map(|unit| {
                let mut page = GamePage::new(unit.emission, screen_for(unit.emission.game));
                if unit.state == UnitState::Settled {
                    page.replay(unit);
                } else {
                    page.resume(unit);
                }
                self.page = Page::Game(page);
            }),
            Command::DemoCredit => store.deposit(DEMO_CREDIT).map(|_| ()),
            Command::SetLanguage(language) => {
                self.texts.set_language(language);
                Ok(())
            }
            Command::DismissNotice => {
                self.notice = None;
                Ok(())
            }
        };
        if let Err(error) = result {
            self.notice = Some(self.notice_for(&error));
        }
        self.refresh_balance();
    }

    fn buy(
        store: &mut Store,
        page: &mut Page,
        emission: &'static Emission,
        auto: bool,
    ) -> Result<(), StoreError> {
        let unit = store.buy(emission)?;
        if let Page::Game(game) = page
            && game.emission() == emission
        {
            game.play(unit, auto);
        } else {
            let mut game = GamePage::new(emission, screen_for(emission.game));
            game.play(unit, auto);
            *page = Page::Game(game);
        }
        Ok(())
    }

    fn notice_for(&self, error: &StoreError) -> Notice {
        let text = match error {
            StoreError::InsufficientFunds { balance, stake } => self.texts.with(
                "notice-insufficient-funds",
                &[
                    ("balance", balance.to_string()),
                    ("stake", stake.to_string()),
                ],
            ),
            StoreError::Locked { .. } => self.texts.get("notice-locked"),
            other => self
                .texts
                .with("notice-store-error", &[("reason", other.to_string())]),
        };
        Notice {
            text,
            is_problem: true,
        }
    }

    fn refresh_balance(&mut self) {
        if let Some(balance) = self.store.as_ref().and_then(|store| store.balance().ok()) {
            self.balance = balance;
        }
    }

    /// At start, the oldest unfinished unit is offered before anything else.
    fn offer_unfinished(&mut self) {
        let Some(store) = self.store.as_ref() else {
            return;
        };
        match store.unfinished_units() {
            Ok(units) => {
                if let Some(unit) = units.into_iter().next() {
                    self.page = Page::Resume(ResumePage::new(unit));
                }
            }
            Err(error) => self.notice = Some(self.notice_for(&error)),
        }
    }
}

impl eframe::App for Guichet {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let mut commands = Vec::new();
        let kiosk = Kiosk {
            texts: &self.texts,
            balance: self.balance,
            notice: self.notice.as_ref(),
            time_zone: &self.time_zone,
        };
        if self.store.is_some() {
            top_bar::show(ui, &kiosk, &self.page, &mut commands);
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(theme::palette::LOUNGE))
            .show(ui, |ui| {
                if let Some(notice) = kiosk.notice {
                    widgets::notice(ui, notice, kiosk.texts, &mut commands);
                }
                self.page.view_mut().ui(ui, &kiosk, &mut commands);
            });
        if !commands.is_empty() {
            for command in commands {
                self.handle(command);
            }
            // The state changed after this frame was laid out: show it.
            ui.ctx().request_repaint();
        }
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        theme::palette::LOUNGE.to_normalized_gamma_f32()
    }
}
