//! The kiosk, as eframe runs it: the state, the sound, the window's policy,
//! and the one place where the screens' commands are applied
//! ([`Guichet::handle`]).

use guichet_core::money::Cents;
use guichet_integrity::Verdict;
use guichet_network::PlayerAccount;
use guichet_sale::{DEFAULT_REALITY_CHECK_MINUTES, StoreError};
use guichet_sqlite::{EventKind, Store};

use crate::app::backend::Backend;
use crate::app::desk::{Access, Desk, Mode};
use crate::app::idle::Idle;
use crate::app::navigation::go;
use crate::app::operator::operate;
use crate::app::page::Page;
use crate::app::play::play;
use crate::app::players::seat;
use crate::app::protection::protect;
use crate::app::screen::screen;
use crate::app::session::Session;
use crate::app::state::{Changed, KioskState};
use crate::app::watch::Watch;
use crate::app::window_policy::{IdleVerdict, WindowPolicy};
use crate::command::{
    Command, InTrial, Navigation, OperatorAccess, PlayCommand, PlayerCommand, ScreenCommand,
};
use crate::settings::KioskSettings;
use crate::sound::{Cue, Sound};
use crate::ui::attract;
use crate::ui::i18n::Texts;
use crate::ui::legal;
use crate::ui::notice::{self, Notice};
use crate::ui::reality_check::{self, RealityFacts};
use crate::ui::still_there;
use crate::ui::theme;
use crate::ui::top_bar::{self, BarState};
use crate::ui::trial_band;
use crate::ui::view::{LegalWarning, PageContext, Seat};
use crate::ui::views::{Lobby, OutOfServicePage, PinPage, StoreProblemPage};

/// The kiosk.
pub struct Guichet {
    state: KioskState,
    window: WindowPolicy,
    sound: Sound,
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
        // are looked for at each command instead (`handle`): the kiosk works
        // all the same.
        let watch = Watch::new(store.as_ref(), context);
        let settings = store.as_ref().map(KioskSettings::read);
        let mut state = KioskState {
            backend: store.map(Backend::local),
            page,
            texts: Texts::new(KioskSettings::default().language),
            time_zone,
            balance: None,
            waiting: None,
            protection: None,
            notice: None,
            menu_open: false,
            session: Session::new(DEFAULT_REALITY_CHECK_MINUTES),
            reality: None,
            time: 0.0,
            desk: Desk::default(),
            watch,
            muted: false,
        };
        state.reread(Changed::ALL);
        if state.backend.is_some() {
            state.first_page();
        }
        match settings {
            Some(Ok((settings, unknown))) => {
                state.desk.settings = settings;
                state.session = Session::new(settings.reality_minutes);
                if !unknown.is_empty() {
                    let text = state
                        .texts
                        .with("notice-settings-unknown", &[("names", unknown.join(", "))]);
                    state.tell(text, true);
                }
            }
            Some(Err(error)) => {
                let reason = notice::words_for(&state.texts, &error, &state.time_zone);
                let text = state
                    .texts
                    .with("notice-settings-unreadable", &[("reason", reason)]);
                state.tell(text, true);
            }
            None => {}
        }
        state.texts.set_language(state.desk.settings.language);
        let mut sound = Sound::silent();
        sound.set(state.desk.settings.sound, state.desk.settings.volume);
        // At start, what stops sales (a lost seal key) is said at once.
        if let Some(problem) = state.own().and_then(Store::seal_problem) {
            let text = notice::words_for(&state.texts, &problem, &state.time_zone);
            state.notice = Some(Notice {
                text,
                is_problem: true,
            });
        }
        state.take_store_warnings();
        Self {
            state,
            window: WindowPolicy::default(),
            sound,
        }
    }

    /// Plays on a network: players sign in at `account` (this kiosk's seat
    /// on the network) and their units, money and protection are the
    /// network's; the kiosk's own PIN, settings and events stay in its file.
    #[must_use]
    pub fn with_network(mut self, mut account: PlayerAccount) -> Self {
        let state = &mut self.state;
        let Some(backend) = state.backend.take() else {
            return self;
        };
        // A network that refuses this kiosk, or does not answer, stops it, on
        // a page saying why, as a file that cannot be used does (the last
        // closing received is read through a function that checks the
        // kiosk's secret).
        if let Err(error) = account.kiosk_mut().last_closing() {
            state.page = Page::StoreProblem(StoreProblemPage::new(&StoreError::from(error)));
            return self;
        }
        state.backend = Some(backend.on_network(account));
        // Nothing of the file's own account is shown for the network's.
        state.start_afresh();
        state.reread(Changed::ALL);
        // What the player sees first, now from the network's account — unless
        // its first PIN is still to choose.
        if state.desk.access != Access::AwaitingFirstPin {
            state.first_page();
        }
        self
    }

    /// Whether the player's account is on a network.
    #[must_use]
    pub fn on_network(&self) -> bool {
        self.state
            .backend
            .as_ref()
            .is_some_and(|backend| !backend.desk_is_here())
    }

    /// Shows a reality check every `minutes` of a session, for this run,
    /// over the operator's setting (the command line's
    /// `--reality-check-minutes`).
    #[must_use]
    pub fn with_reality_check(mut self, minutes: u32) -> Self {
        // Set before any frame: the session has not begun.
        self.state.desk.settings.reality_minutes = minutes.max(1);
        self.state.session = Session::new(minutes);
        self
    }

    /// Sends the operator's exports to `folder` (else to a USB stick found
    /// at each export).
    #[must_use]
    pub fn with_export_folder(mut self, folder: std::path::PathBuf) -> Self {
        self.state.desk.export_folder = Some(folder);
        self
    }

    /// Runs in `mode`: kiosk mode, a demonstration of play money. A kiosk
    /// without an operator PIN asks for one before anything else (its first
    /// start).
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.state.desk.mode = mode;
        if mode.demo
            && let Some(backend) = self.state.backend.as_mut()
        {
            backend.start_trial(true);
            self.state.start_afresh();
            self.state.reread(Changed::ALL);
            self.state.first_page();
        }
        if !mode.kiosk {
            return self;
        }
        match self.state.own().map(Store::operator_pin_is_set) {
            Some(Ok(false)) => {
                self.state.page = Page::Pin(PinPage::new(false));
                self.state.desk.access = Access::AwaitingFirstPin;
            }
            // Whether a PIN is set cannot be read: the file is at fault, and
            // its page says so (nothing is sold before it is known).
            Some(Err(error)) => self.state.fail(&error),
            Some(Ok(true)) | None => {}
        }
        self
    }

    /// Runs the program `verdict` speaks of: verified or a development
    /// build, it sells (the operator menu says which); refused, the kiosk is
    /// out of service — the event logged, the engines let go, the page
    /// "Borne hors service — logiciel non vérifié" and nothing else, until a
    /// good program is installed and started. Applied last, over every
    /// other choice of the first page.
    #[must_use]
    pub fn with_software(mut self, verdict: Verdict) -> Self {
        let state = &mut self.state;
        if let Verdict::Refused(refusal) = &verdict {
            if let Some(backend) = state.backend.as_mut() {
                backend.sign_out();
                // Kept if the file can take it; the page says it all the same.
                backend
                    .own_mut()
                    .log_event(
                        EventKind::Error,
                        &format!("program not verified, the kiosk sells nothing: {refusal}"),
                    )
                    .ok();
            }
            state.backend = None;
            state.notice = None;
            state.menu_open = false;
            state.page = Page::OutOfService(OutOfServicePage::new(refusal));
        }
        state.desk.software = verdict;
        self
    }

    /// Paints the lounge under the pages itself: for a renderer that ignores
    /// the window's clear colour (the screenshot tests' clears to transparent).
    #[must_use]
    pub const fn with_painted_lounge(mut self) -> Self {
        self.window.paint_lounge = true;
        self
    }

    /// Plays its sounds through `sound` (silent by default).
    #[must_use]
    pub fn with_sound(mut self, mut sound: Sound) -> Self {
        sound.set(
            self.state.desk.settings.sound,
            self.state.desk.settings.volume,
        );
        self.sound = sound;
        self
    }

    /// The operator's settings.
    #[must_use]
    pub const fn settings(&self) -> &KioskSettings {
        &self.state.desk.settings
    }

    /// Whether the attract loop plays.
    #[must_use]
    pub const fn attracting(&self) -> bool {
        self.window.idle.attract_since().is_some()
    }

    /// Whether the operator closed the kiosk.
    #[must_use]
    pub const fn is_exiting(&self) -> bool {
        self.state.desk.exiting
    }

    /// The reality check shown, if one is.
    #[must_use]
    pub const fn reality_check(&self) -> Option<RealityFacts> {
        self.state.reality
    }

    /// The page shown.
    #[must_use]
    pub const fn page(&self) -> &Page {
        &self.state.page
    }

    /// The notice shown, if any.
    #[must_use]
    pub const fn notice(&self) -> Option<&Notice> {
        self.state.notice.as_ref()
    }

    /// The last cues its sound played, newest last (silent or not).
    #[must_use]
    pub fn cues_played(&self) -> Vec<Cue> {
        self.sound.played()
    }

    /// The balance as last read from the store (`None` when it could not be
    /// read); the screen holds back a prize until its result shows.
    #[must_use]
    pub const fn balance(&self) -> Option<Cents> {
        self.state.balance
    }

    /// Who the kiosk serves: nobody, the card signed in, or a trial.
    #[must_use]
    pub fn seat(&self) -> Seat<'_> {
        self.state.seat()
    }

    /// The kiosk's own file, while it can be used.
    #[must_use]
    pub fn store(&self) -> Option<&Store> {
        self.state.own()
    }

    /// The kiosk's own file, to read through the sale API (its reads take
    /// `&mut`, as a network account's do), while it can be used.
    #[must_use]
    pub fn store_mut(&mut self) -> Option<&mut Store> {
        self.state.own_mut()
    }

    /// Applies one command. This is the only place the kiosk's state changes;
    /// each concern is applied by an exhaustive match in its module, which
    /// says what it changed in the account, and only that is read again.
    pub fn handle(&mut self, command: Command) {
        let state = &mut self.state;
        if !matches!(
            command,
            Command::Screen(
                ScreenCommand::DismissNotice
                    | ScreenCommand::SetLanguage(_)
                    | ScreenCommand::ToggleMenu
            )
        ) {
            state.notice = None;
        }
        if command != Command::Screen(ScreenCommand::ToggleMenu) {
            state.menu_open = false;
        }
        let needs = command.requires();
        let (in_trial, demonstration) = match state.seat() {
            Seat::Trial { demonstration } => (true, demonstration),
            Seat::Free | Seat::Taken { .. } => (false, false),
        };
        // A trial is nobody's account: it has no age answer, limits or
        // break to show or change; nobody signs in or up during a
        // demonstration, which only plays money that is not. Until its
        // first operator PIN is chosen, the kiosk does nothing else.
        let refused = match needs.trial {
            InTrial::Allowed => false,
            InTrial::RefusedInDemonstration => demonstration,
            InTrial::Refused => in_trial,
        };
        if refused
            || state.desk.access == Access::AwaitingFirstPin
                && needs.operator != OperatorAccess::Nothing
        {
            return;
        }
        if state.backend.is_none() {
            return;
        }
        if state.watch.is_blind() {
            state.follow_other_processes();
        }
        // Nothing of money or play without a player signed in, no stake
        // without an age answer, no page of the menu without its PIN.
        let applied = if needs.player && state.is_free() {
            state.page = Page::SignIn(state.sign_in_page());
            Ok(Changed::NOTHING)
        } else if needs.adult && !in_trial && !state.of_age() {
            state.ask_age();
            return;
        } else if needs.operator == OperatorAccess::MenuOpen && state.desk.access != Access::Open {
            Ok(Changed::NOTHING)
        } else {
            match command {
                Command::Go(to) => go(state, to),
                Command::Play(command) => play(state, &self.sound, command),
                Command::Protection(command) => protect(state, command),
                Command::Screen(command) => screen(state, &mut self.sound, command),
                Command::Operator(command) => operate(state, &mut self.sound, command),
                Command::Player(command) => seat(state, command),
            }
        };
        match applied {
            Ok(changed) => state.reread(changed),
            Err(error) => {
                state.fail(&error);
                state.reread(Changed::ALL);
            }
        }
        // A new player, or none, hears the kiosk as the operator set it.
        state.apply_sound(&mut self.sound);
        state.send_closings();
    }
}

impl Guichet {
    /// Idle time at this frame: a page left alone goes back to the lobby (a
    /// player signed in is signed out, asked first). Returns the seconds
    /// left to say "Êtes-vous toujours là ?", while it is asked.
    fn follow_idle_time(&mut self, ui: &egui::Ui) -> Option<u32> {
        match self.window.follow_idle_time(ui, &self.state) {
            IdleVerdict::TimedOut => {
                // A player left alone is signed out, a trial ended: the next
                // finds the kiosk free (a demonstration goes on).
                if matches!(self.state.seat(), Seat::Taken { .. } | Seat::Trial { .. }) {
                    self.handle(Command::Player(PlayerCommand::SignOut));
                }
                self.handle(Command::Go(Navigation::Lobby));
                let language = self.state.desk.settings.language;
                self.state.texts.set_language(language);
                self.window.follow_idle_time(ui, &self.state);
                None
            }
            IdleVerdict::StillThere(seconds) => Some(seconds),
            IdleVerdict::Nothing => None,
        }
    }
}

impl Guichet {
    /// Applies the commands a frame pushed, each pressed button with its
    /// click, and repaints to show what they changed.
    fn apply(&mut self, ui: &egui::Ui, commands: Vec<Command>) {
        if commands.is_empty() {
            return;
        }
        for command in commands {
            // A press makes its click; a reveal makes its own sound.
            if !matches!(
                command,
                Command::Play(
                    PlayCommand::Reveal { .. } | PlayCommand::Auto(_) | PlayCommand::ResultShown(_)
                )
            ) {
                self.sound.play(Cue::Button);
            }
            self.handle(command);
        }
        // The state changed after this frame was laid out: show it.
        ui.ctx().request_repaint();
    }
}

impl eframe::App for Guichet {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        WindowPolicy::keep_the_window(ui, &self.state);
        if self.state.watch.files_changed() {
            self.state.follow_other_processes();
        }
        self.state.time = ui.input(|input| input.time);
        if self.state.follow_recording() {
            // Looked for four times a second until it is written.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
        let touched = self.window.idle.observe(ui);
        if self.window.idle.attract_since().is_some() && !WindowPolicy::may_attract(&self.state) {
            // Someone is served now (or the operator turned it off): the
            // page, its idle warning and sign-out are back at once.
            self.window.idle.stop_attract();
        }
        if let Some(since) = self.window.idle.attract_since() {
            // The loop covers everything and takes the touch that stops it:
            // it goes once the finger lifts (or a key is pressed), so nothing
            // under it is pressed.
            attract::show(ui, self.state.time - since, &self.state.texts);
            if touched && Idle::touch_ended(ui) {
                self.window.idle.stop_attract();
                ui.ctx().request_repaint();
            } else {
                // A slow drift and fade: 30 frames a second are plenty, and
                // bound the cost where nothing paces the frames (no vsync).
                ui.ctx().request_repaint_after(attract::FRAME);
            }
            return;
        }
        let mut commands = Vec::new();
        if WindowPolicy::operator_asked(ui, &self.state) {
            commands.push(Command::Go(Navigation::Operator));
        }
        let still_there = self.follow_idle_time(ui);
        self.state.follow_the_break(ui.ctx());
        let state = &mut self.state;
        if let Some(wait) = state.follow_reality_check() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(wait));
        }
        // The money as the screen shows it: a unit's prize, credited when
        // its last step was journaled, is held back from the balance and the
        // session's net until its result shows.
        let withheld = state.page.withheld(state.time);
        let context = PageContext {
            texts: &state.texts,
            seat: state.backend.as_ref().map_or(Seat::Free, Backend::seat),
            balance: state.balance.map(|balance| Cents(balance.0 - withheld.0)),
            time_zone: &state.time_zone,
            waiting: state.waiting,
            protection: state.protection.as_ref(),
            session: state.session.facts(state.time).map(|facts| RealityFacts {
                net: Cents(facts.net.0 - withheld.0),
                ..facts
            }),
        };
        // The lounge under every page is the window's clear colour
        // (`clear_color`), not a rect: a full-window rect costs a software
        // renderer 130 ms a frame at 1280×800 (llvmpipe, measured), the
        // first frames most of all. A renderer that clears to transparent
        // gets it painted.
        if self.window.paint_lounge {
            ui.painter()
                .rect_filled(ui.ctx().content_rect(), 0.0, theme::palette::LOUNGE);
        }
        if WindowPolicy::shows_bar(state) {
            let bar = BarState {
                on_lobby: state.page.is_lobby(),
                rules_game: state.page.rules_game(),
                menu_open: state.menu_open,
                sound_on: state.desk.settings.sound && !state.muted,
                sign_up: state.backend.as_ref().is_some_and(Backend::desk_is_here),
            };
            top_bar::show(ui, &context, bar, &mut commands);
            if matches!(context.seat, Seat::Trial { .. }) {
                trial_band::band(ui, context.texts);
            }
        }
        let minors = match state.page.legal_warning() {
            LegalWarning::Absent => None,
            LegalWarning::Shown => Some(false),
            LegalWarning::WithMinors => Some(true),
        };
        if let Some(minors) = minors.filter(|_| WindowPolicy::shows_bar(state)) {
            legal::band(ui, "legal_warning", context.texts, minors);
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                if let Some(shown) = &state.notice {
                    notice::show(ui, shown, context.texts, &mut commands);
                }
                state.page.view_mut().ui(ui, &context, &mut commands);
            });
        if let Some(facts) = state.reality {
            reality_check::show(ui, facts, context.texts, &mut commands);
        }
        if let Some(seconds) = still_there {
            still_there::show(ui, seconds, context.texts);
        }
        self.apply(ui, commands);
    }

    /// The window closes: the player signed in is signed out at once (on a
    /// network's server too, not 30 minutes later).
    fn on_exit(&mut self) {
        if let Some(backend) = self.state.backend.as_mut() {
            backend.sign_out();
        }
    }

    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        theme::palette::LOUNGE.to_normalized_gamma_f32()
    }
}
