//! The kiosk application: the page shown, the store behind it, and the one place
//! where the screens' commands are applied ([`Guichet::handle`]).

mod idle;
mod operator;
mod page;
mod protection;
mod session;
mod watch;

pub use idle::{ATTRACT_AFTER, POINTER_SHOWN};
pub use operator::RECALL_LENGTH;
pub use page::Page;

use std::time::Duration;

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_network::PlayerAccount;
use guichet_sale::DEFAULT_REALITY_CHECK_MINUTES;
use guichet_sale::{LimitKind, PointOfSale, Protection, StoreError, Unit, UnitState};
use guichet_sqlite::{EventKind, Store};

use crate::command::{Command, Setting};
use crate::settings::KioskSettings;
use crate::sound::{Cue, Sound};
use crate::ui::attract;
use crate::ui::games::{Opening, screen_for};
use crate::ui::i18n::Texts;
use crate::ui::notice::{self, Notice};
use crate::ui::reality_check::{self, RealityFacts};
use crate::ui::theme;
use crate::ui::top_bar::{self, BarState};
use crate::ui::views::{
    AgePage, GamePage, HistoryPage, Kiosk, LimitsPage, Lobby, PinPage, ResumePage, RulesPage,
    StoreProblemPage,
};
use crate::ui::widgets::local_moment;
use idle::Idle;
use session::Session;

/// How the kiosk runs (the command line's `--kiosk` and `--demo`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// A standalone kiosk: the window cannot be closed but from the operator
    /// menu, and the pointer hides when still.
    pub kiosk: bool,
    /// The "Crédit de démonstration" button, for demonstrations only.
    pub demo: bool,
}

/// Seconds a press on the lobby's title lasts to ask for the operator's PIN.
pub const OPERATOR_PRESS: f64 = 3.0;
/// The key that asks for the operator's PIN, for an operator with a keyboard.
pub const OPERATOR_KEY: egui::Key = egui::Key::F12;
/// The corner where the long press asks for the operator's PIN: the lobby's
/// title, top left, which does nothing else.
const OPERATOR_CORNER: egui::Vec2 = egui::Vec2::new(160.0, 88.0);

/// What one press of "Crédit de démonstration" adds.
pub const DEMO_CREDIT: Cents = Cents::euros(20);
/// Units the history lists.
const HISTORY_LENGTH: u32 = 200;

/// The kiosk.
pub struct Guichet {
    /// The store, or nothing once it cannot be used (a page says why): the
    /// kiosk's own file, and the player's account unless `network` is.
    store: Option<Store>,
    /// On a network, the player's account there: their units, money and
    /// protection; the store then keeps the kiosk's own (its PIN, settings,
    /// events).
    network: Option<PlayerAccount>,
    page: Page,
    texts: Texts,
    /// The balance, `None` when it could not be read.
    balance: Option<Cents>,
    /// The emission of the unit bought and not finished, if any.
    waiting: Option<&'static Emission>,
    notice: Option<Notice>,
    menu_open: bool,
    time_zone: jiff::tz::TimeZone,
    /// The watch over the database's files, for what other processes do.
    changes: Option<watch::Changes>,
    /// The database's `data_version` when last read.
    data_version: i64,
    /// The player's age answer, limits and exclusion, as last read.
    protection: Option<Protection>,
    /// The session: its clock and net position.
    session: Session,
    /// The reality check shown, if one is.
    reality: Option<RealityFacts>,
    /// The window's time at the last frame, in seconds.
    time: f64,
    /// Kiosk mode, demo credit.
    mode: Mode,
    /// The operator's settings.
    settings: KioskSettings,
    /// Time without a touch; the attract loop.
    idle: Idle,
    /// Whether the operator menu is open, closed, or awaiting its first PIN.
    operator: Access,
    /// Whether the lounge is painted under the pages, rather than left to the
    /// window's clear colour (for renderers that clear to transparent).
    paint_lounge: bool,
    /// The sound output.
    sound: Sound,
    /// The operator closed the kiosk: the window closes at the end of the frame.
    exiting: bool,
}

/// The operator's access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// The menu is closed: its pages need the PIN.
    Closed,
    /// A kiosk's first start: nothing but choosing the operator PIN until it is.
    AwaitingFirstPin,
    /// The right PIN opened the menu (until it is left).
    Open,
}

impl Guichet {
    /// The kiosk over `store` (or the reason it could not be opened), in French,
    /// showing times in `time_zone`. Installs the look and the image loaders on
    /// `context`. An unfinished unit, if any, is offered before anything else.
    #[must_use]
    pub fn new(
        context: &egui::Context,
        store: Result<Store, StoreError>,
        time_zone: jiff::tz::TimeZone,
    ) -> Self {
        theme::install(context);
        egui_extras::install_image_loaders(context);
        let (store, page) = match store {
            Ok(store) => (Some(store), Page::Lobby(Lobby)),
            Err(error) => (None, Page::StoreProblem(StoreProblemPage::new(&error))),
        };
        // Without inotify (an exotic file system), changes by other processes
        // show at the next tap: the kiosk works all the same.
        let changes = store
            .as_ref()
            .and_then(|store| watch::Changes::watch(store.path(), context).ok());
        let data_version = store
            .as_ref()
            .and_then(|store| store.data_version().ok())
            .unwrap_or_default();
        let ledger_mark = store
            .as_ref()
            .and_then(|store| store.mark().ok())
            .map_or(0, |mark| mark.ledger);
        let settings = store.as_ref().map(KioskSettings::read).unwrap_or_default();
        let texts = Texts::new(settings.language);
        let mut sound = Sound::silent();
        sound.set(settings.sound, settings.volume);
        let mut kiosk = Self {
            store,
            network: None,
            page,
            texts,
            balance: None,
            waiting: None,
            notice: None,
            menu_open: false,
            time_zone,
            changes,
            data_version,
            protection: None,
            session: Session::new(ledger_mark, DEFAULT_REALITY_CHECK_MINUTES),
            reality: None,
            time: 0.0,
            mode: Mode::default(),
            settings,
            idle: Idle::default(),
            operator: Access::Closed,
            paint_lounge: false,
            sound,
            exiting: false,
        };
        kiosk.refresh();
        kiosk.first_page();
        kiosk.tell_store_problems();
        kiosk
    }

    /// Plays on a network: the player's units, money and protection are
    /// `account`'s (a player at this kiosk of the network), the kiosk's own
    /// PIN, settings and events stay in its file.
    #[must_use]
    pub fn with_network(mut self, mut account: PlayerAccount) -> Self {
        let mark = match account.ledger_mark() {
            Ok(mark) => mark,
            Err(error) => {
                // A network that refuses this kiosk stops it, on a page saying
                // why, as a file that cannot be used does.
                self.page = Page::StoreProblem(StoreProblemPage::new(&error));
                self.store = None;
                return self;
            }
        };
        self.session = Session::new(mark, self.session.period_minutes());
        self.network = Some(account);
        self.refresh();
        // What the player sees first, now from the network's account — unless
        // the kiosk's file cannot be used, or its first PIN is still to choose.
        if self.store.is_some() && self.operator != Access::AwaitingFirstPin {
            self.page = Page::Lobby(Lobby);
            self.first_page();
        }
        self
    }

    /// Whether the player's account is on a network.
    #[must_use]
    pub const fn on_network(&self) -> bool {
        self.network.is_some()
    }

    /// Shows a reality check every `minutes` of a session (the operator's
    /// setting; 60 by default).
    #[must_use]
    pub fn with_reality_check(mut self, minutes: u32) -> Self {
        // Set before any frame: the session has not begun, nothing to read.
        self.session = Session::new(self.session.ledger_mark(), minutes);
        self
    }

    /// Runs in `mode`: kiosk mode, demo credit. A kiosk without an operator
    /// PIN asks for one before anything else (its first start).
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        if mode.kiosk
            && let Some(store) = self.store.as_ref()
            && !store.operator_pin_is_set().unwrap_or(true)
        {
            self.page = Page::Pin(PinPage::new(false));
            self.operator = Access::AwaitingFirstPin;
        }
        self
    }

    /// Paints the lounge under the pages itself: for a renderer that ignores
    /// the window's clear colour (the screenshot tests' clears to transparent).
    #[must_use]
    pub const fn with_painted_lounge(mut self) -> Self {
        self.paint_lounge = true;
        self
    }

    /// Plays its sounds through `sound` (silent by default).
    #[must_use]
    pub fn with_sound(mut self, mut sound: Sound) -> Self {
        sound.set(self.settings.sound, self.settings.volume);
        self.sound = sound;
        self
    }

    /// The operator's settings.
    #[must_use]
    pub const fn settings(&self) -> &KioskSettings {
        &self.settings
    }

    /// Whether the attract loop plays.
    #[must_use]
    pub const fn attracting(&self) -> bool {
        self.idle.attract_since().is_some()
    }

    /// Whether the operator closed the kiosk.
    #[must_use]
    pub const fn is_exiting(&self) -> bool {
        self.exiting
    }

    /// The reality check shown, if one is.
    #[must_use]
    pub const fn reality_check(&self) -> Option<RealityFacts> {
        self.reality
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

    /// The balance shown (`None` when it could not be read).
    #[must_use]
    pub const fn balance(&self) -> Option<Cents> {
        self.balance
    }

    /// The store, while it can be used.
    #[must_use]
    pub const fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// Applies one command. This is the only place the kiosk's state changes.
    pub fn handle(&mut self, command: Command) {
        if !matches!(
            command,
            Command::DismissNotice | Command::SetLanguage(_) | Command::ToggleMenu
        ) {
            self.notice = None;
        }
        if command != Command::ToggleMenu {
            self.menu_open = false;
        }
        if command == Command::DemoCredit && !self.mode.demo {
            return;
        }
        if self.operator == Access::AwaitingFirstPin && !matches!(command, Command::SubmitPin(_)) {
            return;
        }
        if self.store.is_none() {
            return;
        }
        if matches!(
            command,
            Command::ShowGame(_) | Command::Buy { .. } | Command::DemoCredit
        ) && !self.of_age()
        {
            self.ask_age();
            return;
        }
        let mut taken_up = None;
        let Some(point) = point_of(&mut self.store, &mut self.network) else {
            return;
        };
        let result: Result<(), StoreError> = match command {
            Command::ShowLobby => {
                self.operator = Access::Closed;
                self.page = Page::Lobby(Lobby);
                Ok(())
            }
            Command::ShowGame(emission) => {
                Self::show_game(point, &mut self.page, emission).map(|taken| taken_up = taken)
            }
            Command::ShowHistory => point
                .recent_units(HISTORY_LENGTH)
                .map(|units| self.page = Page::History(HistoryPage::new(units))),
            Command::ShowRules(game) => self.store.as_ref().map_or(Ok(()), |store| {
                Self::show_rules(store, &mut self.page, game)
            }),
            Command::Buy { emission, auto } => Self::buy(point, &mut self.page, emission, auto)
                .map(|()| self.session.begin(self.time)),
            Command::Auto(unit) => {
                if let Some(game) = self.page.game_mut()
                    && game.unit().is_some_and(|shown| shown.id == unit)
                {
                    game.start_auto();
                }
                Ok(())
            }
            Command::Reveal { unit, step } => point
                .reveal(unit, &[step])
                .and_then(|unit| settle_if_complete(point, unit))
                .map(|unit| {
                    play_reveal(&self.sound, &self.page, &unit, step);
                    self.page.update_unit(unit);
                }),
            Command::OpenUnit(id) => Self::open_unit(point, &mut self.page, id, Opening::Replay)
                .map(|taken| taken_up = taken),
            Command::ResumeUnit(id) => Self::open_unit(point, &mut self.page, id, Opening::Shown)
                .map(|taken| taken_up = taken),
            // On a network, money comes in at the desk only.
            Command::DemoCredit => match (&self.network, self.store.as_mut()) {
                (None, Some(store)) => store.deposit(DEMO_CREDIT).map(|_| ()),
                _ => Ok(()),
            },
            Command::SetLanguage(language) => {
                self.texts.set_language(language);
                Ok(())
            }
            Command::DismissNotice => {
                self.notice = None;
                Ok(())
            }
            Command::ToggleMenu => {
                self.menu_open = !self.menu_open;
                Ok(())
            }
            other => self.menu_command(other),
        };
        if let Some(unit) = taken_up {
            self.log_taken_up(&unit);
        }
        if let Err(error) = result {
            self.fail(&error);
        }
        self.refresh();
    }

    /// Logs, for the operator, that unfinished unit `unit` was taken up.
    pub(super) fn log_taken_up(&mut self, unit: &Unit) {
        if let Some(store) = self.store.as_mut()
            && let Err(error) = store.log_event(
                EventKind::Resume,
                &format!("unit {} ({}) taken up", unit.id, unit.emission.code()),
            )
        {
            self.fail(&error);
        }
    }

    /// Applies a command of the player's protection, the sound toggle or the
    /// operator menu.
    fn menu_command(&mut self, command: Command) -> Result<(), StoreError> {
        match command {
            Command::ToggleSound => self.change_setting(Setting::Sound(!self.settings.sound)),
            Command::AnswerAge(_)
            | Command::ShowAge
            | Command::ShowLimits
            | Command::SetLimits { .. }
            | Command::ShowExclusion
            | Command::Exclude(_)
            | Command::RealityCheck(_) => self.protection_command(&command),
            other => self.operator_command(other),
        }
    }

    /// The table of `emission`; the unfinished unit is taken up first, on its
    /// own table if it is of another emission (offered on the resume page).
    /// Returns the unit taken up, if one was.
    fn show_game(
        point: &mut dyn PointOfSale,
        page: &mut Page,
        emission: &'static Emission,
    ) -> Result<Option<Unit>, StoreError> {
        match point.unfinished_units()?.into_iter().next() {
            Some(unit) if unit.emission == emission => {
                Self::open_unit(point, page, unit.id, Opening::Shown)
            }
            Some(unit) => {
                *page = Page::Resume(ResumePage::new(unit));
                Ok(None)
            }
            None => {
                *page = Page::Game(GamePage::new(emission, screen_for(emission.game)));
                Ok(None)
            }
        }
    }

    /// The rules of `game`, with the block selling of each of its emissions
    /// as the kiosk's file knows it (a kiosk of a network shows the table's
    /// lots alone: its blocks are the network's).
    fn show_rules(store: &Store, page: &mut Page, game: Game) -> Result<(), StoreError> {
        let statuses = game
            .emissions()
            .map(|emission| {
                store
                    .block_status(emission)
                    .map(|status| (emission, status))
            })
            .collect::<Result<Vec<_>, _>>()?;
        *page = Page::Rules(RulesPage::new(game, statuses));
        Ok(())
    }

    fn buy(
        point: &mut dyn PointOfSale,
        page: &mut Page,
        emission: &'static Emission,
        auto: bool,
    ) -> Result<(), StoreError> {
        let unit = point.buy(emission)?;
        let opening = Opening::Play { auto };
        match page {
            Page::Game(game) if game.emission() == emission => game.open(unit, opening),
            _ => {
                let mut game = GamePage::new(emission, screen_for(emission.game));
                game.open(unit, opening);
                *page = Page::Game(game);
            }
        }
        Ok(())
    }

    /// Opens unit `id` on its table: taken up (and settled, if all its steps
    /// were journaled before an interruption), or, settled, opened `settled`
    /// (replayed from the history, shown whole otherwise). Returns the unit
    /// if it was taken up (for the operator's log).
    fn open_unit(
        point: &mut dyn PointOfSale,
        page: &mut Page,
        id: i64,
        settled: Opening,
    ) -> Result<Option<Unit>, StoreError> {
        let mut unit = point.unit(id)?;
        let mut opening = settled;
        let mut taken_up = None;
        if unit.state != UnitState::Settled {
            let taken = point.take_up(id)?;
            taken_up = Some(taken.clone());
            unit = settle_if_complete(point, taken)?;
            opening = if unit.state == UnitState::Settled {
                Opening::Shown
            } else {
                Opening::Resume
            };
        }
        let mut game = GamePage::new(unit.emission, screen_for(unit.emission.game));
        game.open(unit, opening);
        *page = Page::Game(game);
        Ok(taken_up)
    }

    /// Shows what went wrong, in the kiosk's language. A fault of the file
    /// itself (replaced, damaged, locked) stops the kiosk on a page that says
    /// so; a unit that moved on elsewhere is shown as the store holds it.
    fn fail(&mut self, error: &StoreError) {
        if !error.is_about_the_file()
            && let Some(store) = self.store.as_mut()
        {
            // What the player was told, for the operator; a log that cannot be
            // written changes nothing for the player.
            let _ = store.log_event(EventKind::Error, &error.to_string());
        }
        if error.is_about_the_file() {
            self.page = Page::StoreProblem(StoreProblemPage::new(error));
            if let Some(store) = self.store.take()
                && matches!(error, StoreError::FileReplaced { .. })
            {
                // The old file's log must not be replayed onto the new one.
                let _ = store.close_replaced();
            }
            return;
        }
        let moved_on = match error {
            StoreError::AlreadySettled(unit)
            | StoreError::NotFinished(unit)
            | StoreError::Step { unit, .. } => Some(*unit),
            StoreError::PlayedElsewhere { unit, .. } => *unit,
            _ => None,
        };
        if let Some(game) = self.page.game_mut() {
            game.stop_auto();
        }
        if matches!(error, StoreError::NoLimits) {
            self.page = Page::Limits(LimitsPage::new());
        }
        if let (Some(unit), Some(point)) = (moved_on, point_of(&mut self.store, &mut self.network))
            && let Ok(unit) = point.unit(unit)
        {
            self.page.update_unit(unit);
        }
        self.notice = Some(Notice {
            text: notice_text(&self.texts, error, &self.time_zone),
            is_problem: true,
        });
    }

    /// Reads the balance and the waiting game again. A balance that cannot be
    /// read is shown as such, with a notice saying why.
    fn refresh(&mut self) {
        let Some(point) = point_of(&mut self.store, &mut self.network) else {
            return;
        };
        match point.balance() {
            Ok(balance) => self.balance = Some(balance),
            Err(error) => {
                self.balance = None;
                self.notice = Some(Notice {
                    text: self.texts.with(
                        "notice-balance-unreadable",
                        &[("reason", error.to_string())],
                    ),
                    is_problem: true,
                });
            }
        }
        self.waiting = point
            .unfinished_units()
            .ok()
            .and_then(|units| units.first().map(|unit| unit.emission));
        self.protection = point.protection().ok();
        if let Ok(net) = point.net_since(self.session.ledger_mark()) {
            self.session.net = net;
        }
    }

    /// Another process may have written to the database: if it did (SQLite's
    /// `data_version` moved), the balance, the waiting game and the unit on the
    /// table are read again; a file replaced under the kiosk stops it.
    fn follow_other_processes(&mut self) {
        let Some(store) = self.store.as_ref() else {
            return;
        };
        if let Err(error) = store.check_file() {
            self.fail(&error);
            return;
        }
        match store.data_version() {
            Ok(version) if version != self.data_version => {
                self.data_version = version;
                let shown = match &self.page {
                    Page::Game(game) => game.unit().map(|unit| unit.id),
                    _ => None,
                };
                if let Some(unit) =
                    shown.and_then(|id| point_of(&mut self.store, &mut self.network)?.unit(id).ok())
                {
                    self.page.update_unit(unit);
                }
                self.refresh();
            }
            Ok(_) => {}
            Err(error) => self.fail(&error),
        }
    }

    /// A break from play ends on its own: the pages show play open again
    /// from the moment it does (one wake-up then, no polling).
    fn follow_the_break(&mut self, context: &egui::Context) {
        let Some((store, until)) = self.store.as_ref().zip(
            self.protection
                .as_ref()
                .and_then(|protection| protection.excluded_until),
        ) else {
            return;
        };
        let left = until.duration_since(store.now());
        if left.is_positive() {
            context.request_repaint_after(left.unsigned_abs());
        } else {
            self.refresh();
        }
    }

    /// At start: "18 or over?" the first time the account is used, then the
    /// unfinished unit before anything else.
    fn first_page(&mut self) {
        if self
            .protection
            .as_ref()
            .is_some_and(|protection| protection.adult.is_none())
        {
            self.page = Page::Age(AgePage);
        } else {
            self.offer_unfinished();
        }
    }

    /// The unfinished unit is offered before anything else.
    fn offer_unfinished(&mut self) {
        let Some(point) = point_of(&mut self.store, &mut self.network) else {
            return;
        };
        match point.unfinished_units() {
            Ok(units) => {
                if let Some(unit) = units.into_iter().next() {
                    self.page = Page::Resume(ResumePage::new(unit));
                }
            }
            Err(error) => self.fail(&error),
        }
    }

    /// At start, what stops sales (a lost seal key) is said at once.
    fn tell_store_problems(&mut self) {
        if let Some(problem) = self.store.as_ref().and_then(Store::seal_problem) {
            self.notice = Some(Notice {
                text: notice_text(&self.texts, &problem, &self.time_zone),
                is_problem: true,
            });
        }
    }
}

/// The sounds of a reveal step, as its table gives them (a swish, a ball's
/// knock, a puck's ticks timed on its fall); and the win's chime once the
/// unit is settled with a prize.
fn play_reveal(sound: &Sound, page: &Page, unit: &Unit, step: RevealStep) {
    if let Page::Game(game) = page {
        for (cue, after) in game.reveal_cues(unit, step) {
            sound.play_after(cue, after);
        }
    }
    if unit.state == UnitState::Settled && unit.prize.is_positive() {
        let stakes = unit.prize.get() as f64 / unit.emission.stake.get() as f64;
        sound.play(Cue::win(stakes));
    }
}

/// Settles `unit` once every step is journaled (the last tap, the last "Auto"
/// step, or a unit interrupted between its last step and its settlement).
fn settle_if_complete(point: &mut dyn PointOfSale, unit: Unit) -> Result<Unit, StoreError> {
    if unit.state != UnitState::Settled && unit.progress.is_complete() {
        return point.settle(unit.id).map(|settlement| settlement.unit);
    }
    Ok(unit)
}

/// Where the player's units and money are: the network's account when the
/// kiosk plays on one, the kiosk's own file otherwise.
fn point_of<'a>(
    store: &'a mut Option<Store>,
    network: &'a mut Option<PlayerAccount>,
) -> Option<&'a mut dyn PointOfSale> {
    match network {
        Some(account) => Some(account),
        None => store.as_mut().map(|store| store as &mut dyn PointOfSale),
    }
}

/// What a store error means to the player, in the kiosk's language (times in
/// `zone`).
fn notice_text(texts: &Texts, error: &StoreError, zone: &jiff::tz::TimeZone) -> String {
    match error {
        StoreError::NoLimits => texts.get("notice-no-limits"),
        StoreError::Excluded { until } => {
            texts.with("notice-excluded", &[("date", local_moment(*until, zone))])
        }
        StoreError::LimitReached {
            kind,
            amount,
            limit,
            left,
            fits_from,
        } => {
            let message = texts.with(
                match kind {
                    LimitKind::Deposit => "notice-deposit-limit",
                    LimitKind::Stake => "notice-stake-limit",
                },
                &[
                    ("amount", amount.to_string()),
                    ("limit", limit.to_string()),
                    ("left", left.to_string()),
                ],
            );
            fits_from.map_or_else(
                || texts.with("notice-limit-never", &[("message", message.clone())]),
                |from| {
                    texts.with(
                        "notice-limit-frees",
                        &[
                            ("message", message.clone()),
                            ("date", local_moment(from, zone)),
                        ],
                    )
                },
            )
        }
        StoreError::InsufficientFunds { balance, stake } => texts.with(
            "notice-insufficient-funds",
            &[
                ("balance", balance.to_string()),
                ("stake", stake.to_string()),
            ],
        ),
        StoreError::UnitUnfinished(_) => texts.get("notice-unit-unfinished"),
        StoreError::PlayedElsewhere { .. } => texts.get("notice-played-elsewhere"),
        StoreError::AlreadySettled(_) | StoreError::NotFinished(_) | StoreError::Step { .. } => {
            texts.get("notice-moved-on")
        }
        StoreError::SealKeyLost { .. } => texts.get("notice-sales-suspended"),
        StoreError::BalanceCeiling { max, .. } => {
            texts.with("notice-balance-ceiling", &[("max", max.to_string())])
        }
        StoreError::DepositTooLarge { max, .. } => {
            texts.with("notice-deposit-too-large", &[("max", max.to_string())])
        }
        StoreError::Locked { .. } => texts.get("notice-locked"),
        other => texts.with("notice-store-error", &[("reason", other.to_string())]),
    }
}

impl Guichet {
    /// Kiosk mode: a close request (Alt+F4, the window manager's button) is
    /// refused unless the operator closed the kiosk; Escape does nothing.
    fn keep_the_window(&self, ui: &egui::Ui) {
        let context = ui.ctx();
        if self.exiting {
            context.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if !self.mode.kiosk {
            return;
        }
        if context.input(|input| input.viewport().close_requested()) {
            context.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        context.input_mut(|input| {
            input.consume_key(egui::Modifiers::NONE, egui::Key::Escape);
            input.consume_key(egui::Modifiers::ALT, egui::Key::F4);
        });
    }

    /// The operator's way in: F12, or a long press on the lobby's title.
    fn watch_operator_gesture(&mut self, ui: &egui::Ui) -> bool {
        if self.store.is_none() {
            return false;
        }
        if ui.input_mut(|input| input.consume_key(egui::Modifiers::NONE, OPERATOR_KEY)) {
            return true;
        }
        if !self.page.is_lobby() {
            return false;
        }
        let corner = egui::Rect::from_min_size(ui.ctx().content_rect().min, OPERATOR_CORNER);
        let held = ui.input(|input| {
            let origin = input.pointer.press_origin()?;
            let since = input.pointer.press_start_time()?;
            (input.pointer.primary_down() && corner.contains(origin)).then_some(input.time - since)
        });
        match held {
            Some(held) if held >= OPERATOR_PRESS => true,
            Some(held) => {
                ui.ctx()
                    .request_repaint_after(Duration::from_secs_f64(OPERATOR_PRESS - held));
                false
            }
            None => false,
        }
    }

    /// Idle time: the pointer hides (kiosk mode), the attract loop starts on a
    /// kiosk with nothing to play, and a page left alone goes back to the
    /// lobby (an unfinished unit stays resumable there). Each is woken for
    /// once, when due.
    fn follow_idle_time(&mut self, ui: &egui::Ui) {
        let idle = self.idle.idle_for(self.time);
        let mut next_wake = f64::INFINITY;
        if self.mode.kiosk {
            if idle >= POINTER_SHOWN {
                ui.ctx().set_cursor_icon(egui::CursorIcon::None);
            } else {
                next_wake = next_wake.min(POINTER_SHOWN - idle);
            }
        }
        let timeout = f64::from(self.settings.idle_seconds);
        if self.page.times_out() && self.reality.is_none() {
            if idle >= timeout {
                self.handle(Command::ShowLobby);
                self.texts.set_language(self.settings.language);
            } else {
                next_wake = next_wake.min(timeout - idle);
            }
        }
        let attract_possible = self.settings.attract
            && self.page.is_lobby()
            && self.balance == Some(Cents::ZERO)
            && self.waiting.is_none()
            && self.notice.is_none()
            && self.reality.is_none()
            && self.play_invited();
        if attract_possible && self.idle.attract_since().is_none() {
            if idle >= ATTRACT_AFTER {
                self.idle.start_attract(self.time);
                ui.ctx().request_repaint();
            } else {
                next_wake = next_wake.min(ATTRACT_AFTER - idle);
            }
        }
        if next_wake.is_finite() {
            ui.ctx()
                .request_repaint_after(Duration::from_secs_f64(next_wake));
        }
    }
}

impl eframe::App for Guichet {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.keep_the_window(ui);
        if self.changes.as_ref().is_some_and(watch::Changes::take) {
            self.follow_other_processes();
        }
        self.time = ui.input(|input| input.time);
        let touched = self.idle.observe(ui);
        if let Some(since) = self.idle.attract_since() {
            // The loop covers everything and takes the touch that stops it:
            // it goes once the finger lifts (or a key is pressed), so nothing
            // under it is pressed.
            attract::show(ui, self.time - since, &self.texts);
            if touched && Idle::touch_ended(ui) {
                self.idle.stop_attract();
                ui.ctx().request_repaint();
            } else {
                // A slow drift and fade: 30 frames a second are plenty, and
                // bound the cost where nothing paces the frames (no vsync).
                ui.ctx().request_repaint_after(attract::FRAME);
            }
            return;
        }
        let mut commands = Vec::new();
        if self.watch_operator_gesture(ui) {
            commands.push(Command::ShowOperator);
        }
        self.follow_idle_time(ui);
        self.follow_the_break(ui.ctx());
        if self.reality.is_none() && self.of_age() && self.session.check_due(self.time) {
            self.reality = self.session.facts(self.time);
        }
        if let Some(wait) = self.session.next_change_in(self.time) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(wait));
        }
        let kiosk = Kiosk {
            texts: &self.texts,
            balance: self.balance,
            time_zone: &self.time_zone,
            waiting: self.waiting,
            protection: self.protection.as_ref(),
            session: self.session.facts(self.time),
        };
        // The lounge under every page is the window's clear colour
        // (`clear_color`), not a rect: a full-window rect costs a software
        // renderer 130 ms a frame at 1280×800 (llvmpipe, measured), the
        // first frames most of all. A renderer that clears to transparent
        // gets it painted.
        if self.paint_lounge {
            ui.painter()
                .rect_filled(ui.ctx().content_rect(), 0.0, theme::palette::LOUNGE);
        }
        // A kiosk's first start shows the PIN's keypad alone.
        if self.store.is_some() && self.operator != Access::AwaitingFirstPin {
            let state = BarState {
                on_lobby: self.page.is_lobby(),
                rules_game: self.page.rules_game(),
                menu_open: self.menu_open,
                demo: self.mode.demo,
                sound_on: self.settings.sound,
            };
            top_bar::show(ui, &kiosk, state, &mut commands);
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                if let Some(shown) = &self.notice {
                    notice::show(ui, shown, kiosk.texts, &mut commands);
                }
                self.page.view_mut().ui(ui, &kiosk, &mut commands);
            });
        if let Some(facts) = self.reality {
            reality_check::show(ui, facts, kiosk.texts, &mut commands);
        }
        if !commands.is_empty() {
            for command in commands {
                // A press makes its click; a reveal makes its own sound.
                if !matches!(command, Command::Reveal { .. } | Command::Auto(_)) {
                    self.sound.play(Cue::Button);
                }
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
