//! What a command needs before it runs, answered by every command itself:
//! `Command::requires` and the subcommands' are exhaustive matches (no
//! catch-all arm), so a new command does not compile until it says whether
//! it sells or moves money.

/// What running a command needs of the program running it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requires {
    /// Nothing of the program: the command reads, checks or sets up, and
    /// moves no money.
    AnyProgram,
    /// The command sells units or moves money: only a program its manifest
    /// vouches for runs it (or a development build, which says it is one);
    /// a refused program refuses it, as the kiosk is then out of service.
    VerifiedProgram,
}
