//! What the kiosk shows and where it comes from: the page, the words, the
//! player's balance, protection and session as last read, the notice, and the
//! backend they are read from. Commands change it (`app::Guichet::handle`);
//! the pages only read it.

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::{Protection, StoreError, Unit};
use guichet_sqlite::{EventKind, Store};

use crate::app::backend::Backend;
use crate::app::desk::Desk;
use crate::app::page::Page;
use crate::app::session::Session;
use crate::app::watch::Watch;
use crate::ui::i18n::Texts;
use crate::ui::notice::{self, Notice};
use crate::ui::reality_check::RealityFacts;
use crate::ui::view::Seat;
use crate::ui::views::{
    AgePage, LimitsPage, Lobby, ReconnectingPage, ResumePage, SignInMessage, SignInPage,
    StoreProblemPage,
};

/// What a command changed in the player's account, so that only that is read
/// again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct Changed {
    /// The money: the balance, the unit waiting, the session's net.
    pub money: bool,
    /// The protection: the age answer, the limits and what they used, a break.
    pub protection: bool,
}

impl Changed {
    /// Nothing to read again.
    pub const NOTHING: Self = Self {
        money: false,
        protection: false,
    };
    /// The money (a prize credited: the limits count stakes and deposits).
    pub const MONEY: Self = Self {
        money: true,
        protection: false,
    };
    /// The protection alone.
    pub const PROTECTION: Self = Self {
        money: false,
        protection: true,
    };
    /// Both (a stake or a deposit counts against a limit).
    pub const ALL: Self = Self {
        money: true,
        protection: true,
    };
}

/// The kiosk's state.
pub struct KioskState {
    /// The engines, or nothing once they cannot be used (the page says why).
    pub backend: Option<Backend>,
    /// The page shown.
    pub page: Page,
    /// The words, in the language shown.
    pub texts: Texts,
    /// The time zone times are shown in.
    pub time_zone: jiff::tz::TimeZone,
    /// The balance, `None` when it could not be read (a notice says why).
    pub balance: Option<Cents>,
    /// The emission of the unit bought and not finished, if any.
    pub waiting: Option<&'static Emission>,
    /// The player's age answer, limits and exclusion as last read; `None`
    /// when they could not be (a notice says why).
    pub protection: Option<Protection>,
    /// The notice shown.
    pub notice: Option<Notice>,
    /// Whether the top bar's menu is open.
    pub menu_open: bool,
    /// The session of play: its clock and net position.
    pub session: Session,
    /// The reality check shown, if one is.
    pub reality: Option<RealityFacts>,
    /// The window's time at the last frame, in seconds.
    pub time: f64,
    /// The operator's desk: the mode, settings, access, exports.
    pub desk: Desk,
    /// The watch on what other processes and the network do.
    pub watch: Watch,
    /// The player muted the kiosk for their session ("Couper le son").
    pub muted: bool,
}

impl KioskState {
    /// The point of sale (a trial's while one runs), while the engines can
    /// be used.
    pub fn point_of_sale(&mut self) -> Option<&mut dyn guichet_sale::PointOfSale> {
        self.backend.as_mut().map(Backend::point_of_sale)
    }

    /// Who the kiosk serves (nobody, once the engines cannot be used).
    pub fn seat(&self) -> Seat<'_> {
        self.backend.as_ref().map_or(Seat::Free, Backend::seat)
    }

    /// A kiosk with nobody signed in: nothing of money or play is read or
    /// done.
    pub fn is_free(&self) -> bool {
        self.backend
            .as_ref()
            .is_some_and(|backend| !backend.serves_a_player())
    }

    /// A new player, or none: what the screen knew of the last one is
    /// forgotten, and the session of play, its clock, net, reality checks
    /// (at the operator's period) and the sound muted, starts afresh.
    pub fn start_afresh(&mut self) {
        self.balance = None;
        self.waiting = None;
        self.protection = None;
        self.reality = None;
        self.muted = false;
        self.session = Session::new(self.desk.settings.reality_minutes);
    }

    /// Sets `sound` as the operator set it and the player muted it.
    pub fn apply_sound(&self, sound: &mut crate::sound::Sound) {
        sound.set(
            self.desk.settings.sound && !self.muted,
            self.desk.settings.volume,
        );
    }

    /// The sign-in page, with "Nouveau joueur" where players sign up here
    /// (a kiosk of its own file).
    pub fn sign_in_page(&self) -> SignInPage {
        SignInPage::new(self.backend.as_ref().is_some_and(Backend::desk_is_here))
    }

    /// The kiosk's own file, while it can be used.
    pub fn own(&self) -> Option<&Store> {
        self.backend.as_ref().map(Backend::own)
    }

    /// The kiosk's own file, to read or write, while it can be used.
    pub fn own_mut(&mut self) -> Option<&mut Store> {
        self.backend.as_mut().map(Backend::own_mut)
    }

    /// Keeps what the kiosk's file warned of when it opened, for the
    /// operator menu, and logs each in its journal (once a start: the
    /// condition lasts until the operator mends it).
    pub fn take_store_warnings(&mut self) {
        let Some(backend) = self.backend.as_mut() else {
            return;
        };
        let warnings = backend.own().warnings().to_vec();
        for warning in &warnings {
            // A journal that cannot take it: the menu says it all the same.
            backend
                .own_mut()
                .log_event(EventKind::Error, &format!("warning: {warning}"))
                .ok();
        }
        self.desk.store_warnings = warnings;
    }

    /// Tells `text`, a problem or not.
    pub fn tell(&mut self, text: String, is_problem: bool) {
        self.notice = Some(Notice { text, is_problem });
    }

    /// Tells once a recalled unit's reveal is recorded (or could not be);
    /// `true` while it is still being recorded.
    pub fn follow_recording(&mut self) -> bool {
        let Some(recorded) = &self.desk.recording else {
            return false;
        };
        let text = match recorded.try_recv() {
            Err(std::sync::mpsc::TryRecvError::Empty) => return true,
            Ok(Ok(file)) => Ok(self.texts.with(
                "operator-recall-exported",
                &[("file", file.display().to_string())],
            )),
            Ok(Err(reason)) => Err(reason),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Err("the recording stopped".to_owned())
            }
        };
        self.desk.recording = None;
        match text {
            Ok(text) => self.tell(text, false),
            Err(reason) => {
                let text = self
                    .texts
                    .with("operator-closing-export-failed", &[("reason", reason)]);
                self.tell(text, true);
            }
        }
        false
    }

    /// Raises the reality check once it is due (it waits for a result on
    /// screen to show, so as to count it). Returns how long until something
    /// of the session on screen changes, once it has begun.
    pub fn follow_reality_check(&mut self) -> Option<f64> {
        if self.reality.is_none()
            && self.of_age()
            && !self.page.result_pending(self.time)
            && self.session.check_due(self.time)
        {
            self.reality = self.session.facts(self.time);
        }
        self.session.next_change_in(self.time)
    }

    /// Whether the player said they are 18 or over.
    pub fn of_age(&self) -> bool {
        self.protection
            .as_ref()
            .is_some_and(|protection| protection.adult == Some(true))
    }

    /// Play asked for without the player's age: the question if it was never
    /// answered, else a notice (a "no" disables play). When the protection
    /// could not be read, that is what is said — never "not of age".
    pub fn ask_age(&mut self) {
        match &self.protection {
            None => self.tell(self.texts.get("notice-protection-unknown"), true),
            Some(protection) if protection.adult.is_some() => {
                self.tell(self.texts.get("notice-under-age"), true);
            }
            Some(_) => self.page = Page::Age(AgePage),
        }
    }

    /// On a network, sends the closings of the kiosk's file it has not
    /// received yet: one the network refuses is said (at every command until
    /// the operator acts), and a file that cannot give them fails as any read.
    pub fn send_closings(&mut self) {
        let sent = self
            .backend
            .as_mut()
            .map(|backend| backend.send_closings(&mut self.watch.closings_sent));
        match sent {
            Some(Ok(Some(counter))) => {
                let text = self.texts.with(
                    "notice-closing-refused",
                    &[("counter", counter.to_string())],
                );
                self.tell(text, true);
            }
            Some(Err(error)) => self.fail(&error),
            Some(Ok(None)) | None => {}
        }
    }

    /// Reads again what `changed` says changed. A read that fails is said in a
    /// notice, and what it would have shown is shown as unknown, never as a
    /// default.
    pub fn reread(&mut self, changed: Changed) {
        // Nothing to read while the network does not answer.
        if self.is_free() || matches!(self.page, Page::Reconnecting(_)) {
            return;
        }
        let Some(backend) = self.backend.as_mut() else {
            return;
        };
        let point = backend.point_of_sale();
        let mut problems = Vec::new();
        if changed.money {
            match point.balance() {
                Ok(balance) => self.balance = Some(balance),
                Err(error) => {
                    self.balance = None;
                    problems.push(("notice-balance-unreadable", error));
                }
            }
            match point.unfinished_units() {
                Ok(units) => self.waiting = units.first().map(|unit| unit.emission),
                Err(error) => problems.push(("notice-units-unreadable", error)),
            }
            if let Some(mark) = self.session.ledger_mark() {
                match point.net_since(mark) {
                    Ok(net) => self.session.net = net,
                    Err(error) => problems.push(("notice-session-unreadable", error)),
                }
            }
        }
        if changed.protection {
            match point.protection() {
                Ok(protection) => self.protection = Some(protection),
                Err(error) => {
                    self.protection = None;
                    problems.push(("notice-protection-unreadable", error));
                }
            }
        }
        if let Some((key, error)) = problems.into_iter().next() {
            let reason = notice::words_for(&self.texts, &error, &self.time_zone);
            let text = self.texts.with(key, &[("reason", reason)]);
            self.tell(text, true);
        }
    }

    /// Shows what went wrong, in the kiosk's language. A fault of the file
    /// itself (replaced, damaged, locked) stops the kiosk on a page that says
    /// so; a unit that moved on elsewhere is shown as the store holds it.
    pub fn fail(&mut self, error: &StoreError) {
        if guichet_network::connection_lost(error) {
            // The network stopped answering: the kiosk says so and tries
            // again by itself (the unit and the money are the network's).
            if let Some(game) = self.page.game_mut() {
                game.stop_auto();
            }
            if !matches!(self.page, Page::Reconnecting(_)) {
                self.page = Page::Reconnecting(ReconnectingPage::new(self.time));
            }
            return;
        }
        if matches!(error, StoreError::SignedOut) {
            // The session ended (on a network, the server ended it): the
            // kiosk forgets it too.
            if let Some(backend) = self.backend.as_mut() {
                backend.sign_out();
            }
            self.start_afresh();
            let mut page = self.sign_in_page();
            page.tell(SignInMessage::SessionEnded);
            self.page = Page::SignIn(page);
            return;
        }
        if error.is_about_the_file() {
            self.page = Page::StoreProblem(StoreProblemPage::new(error));
            if let Some(backend) = self.backend.take()
                && matches!(error, StoreError::FileReplaced { .. })
            {
                // The old file's log must not be replayed onto the new one;
                // where it went, or that it could not go, is for the
                // operator's journal (the kiosk's stderr).
                match backend.into_own().close_replaced() {
                    Ok(Some(aside)) => {
                        eprintln!(
                            "guichet: the replaced file's log is kept at {}",
                            aside.display()
                        );
                    }
                    Ok(None) => {}
                    Err(cause) => eprintln!(
                        "guichet: the replaced file's log could not be set aside: {cause}; \
                         do not open the new file before moving it away"
                    ),
                }
            }
            return;
        }
        if let Some(backend) = self.backend.as_mut() {
            // What the player was told, for the operator; a log that cannot be
            // written changes nothing for the player, and goes to stderr.
            if let Err(cause) = backend
                .own_mut()
                .log_event(EventKind::Error, &error.to_string())
            {
                eprintln!("guichet: not journaled ({cause}): {error}");
            }
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
        if let (Some(unit), Some(point)) = (moved_on, self.point_of_sale())
            && let Ok(unit) = point.unit(unit)
        {
            self.page.update_unit(unit);
        }
        let text = notice::words_for(&self.texts, error, &self.time_zone);
        self.tell(text, true);
    }

    /// Logs, for the operator, that unfinished unit `unit` was taken up.
    pub fn log_taken_up(&mut self, unit: &Unit) {
        let Some(backend) = self.backend.as_mut() else {
            return;
        };
        if let Err(error) = backend.own_mut().log_event(
            EventKind::Resume,
            &format!("unit {} ({}) taken up", unit.id, unit.emission.code()),
        ) {
            self.fail(&error);
        }
    }

    /// What a player sees first: "18 or over?" the first time the account is
    /// used, then the unfinished unit before anything else, else the lobby.
    pub fn first_page(&mut self) {
        self.page = Page::Lobby(Lobby);
        if self.is_free() || matches!(self.seat(), Seat::Trial { .. }) {
            return;
        }
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
    pub fn offer_unfinished(&mut self) {
        let Some(point) = self.point_of_sale() else {
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

    /// Another process may have written to the database: if it did (SQLite's
    /// `data_version` moved), the balance, the waiting game and the unit on the
    /// table are read again; a file replaced under the kiosk stops it.
    pub fn follow_other_processes(&mut self) {
        let Some(store) = self.own() else {
            return;
        };
        if let Err(error) = store.check_file() {
            self.fail(&error);
            return;
        }
        match store.data_version() {
            Ok(version) if self.watch.version_moved(version) => {
                let shown = match &self.page {
                    Page::Game(game) => game.unit().map(|unit| unit.id),
                    _ => None,
                };
                if let Some(unit) =
                    shown.and_then(|id| self.point_of_sale().and_then(|point| point.unit(id).ok()))
                {
                    self.page.update_unit(unit);
                }
                self.reread(Changed::ALL);
            }
            Ok(_) => {}
            Err(error) => self.fail(&error),
        }
    }

    /// A break from play ends on its own: the pages show play open again
    /// from the moment it does (one wake-up then, no polling).
    pub fn follow_the_break(&mut self, context: &egui::Context) {
        let Some((store, until)) = self.own().zip(
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
            self.reread(Changed::PROTECTION);
        }
    }
}
