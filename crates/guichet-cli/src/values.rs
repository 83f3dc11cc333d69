//! The parsers of the command line's values, shared by several commands:
//! each refuses a value in one line that says why.

use guichet_core::emission::Game;
use guichet_core::money::Cents;

/// Text typed on a command line, shortened for a message: a long value is not
/// echoed back whole.
pub(crate) fn echoed(text: &str) -> String {
    const SHOWN: usize = 24;
    if text.chars().count() <= SHOWN {
        text.to_owned()
    } else {
        let start: String = text.chars().take(SHOWN).collect();
        format!("{start}… ({} characters)", text.chars().count())
    }
}

#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
pub(crate) fn parse_game(text: &str) -> Result<Game, String> {
    text.parse().map_err(|_| {
        format!(
            "unknown game `{}`: write {}",
            echoed(text),
            guichet_core::games::names()
        )
    })
}

/// `--game`'s help: the registry's games, by their command-line names.
pub(crate) fn game_help() -> String {
    format!("{}.", guichet_core::games::names())
}

/// `--stake`'s help: the games sold at several stakes, and theirs.
pub(crate) fn stake_help() -> String {
    let several: Vec<String> = guichet_core::games::ALL
        .iter()
        .filter(|game| game.has_stakes())
        .map(|game| format!("{} {}", game.slug(), game.stakes_in_words()))
        .collect();
    format!(
        "The stake in euros, for a game sold at several: {}.",
        several.join("; ")
    )
}

/// An amount of euros as a command line writes it (`20`, `7.50`, `7,50 €`),
/// more than 0.
///
/// # Errors
/// A line saying why the text is not such an amount.
#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
pub fn parse_euros(text: &str) -> Result<Cents, String> {
    if text.trim_start().starts_with('-') {
        return Err(format!(
            "the amount must be more than 0 (got {})",
            echoed(text)
        ));
    }
    let amount = Cents::parse_euros(text).map_err(|_| {
        format!(
            "`{}` is not an amount in euros: write it like 20, 7.50 or 7,50",
            echoed(text)
        )
    })?;
    if amount.is_positive() {
        Ok(amount)
    } else {
        Err(format!(
            "the amount must be more than 0 (got {})",
            echoed(text)
        ))
    }
}

#[expect(
    clippy::map_err_ignore,
    reason = "the message says what is wanted; the parser's own says less"
)]
pub(crate) fn parse_count(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "`{}` is not a count: write a whole number from 0 to {}",
            echoed(text),
            u32::MAX
        )
    })
}

pub(crate) fn parse_days(text: &str) -> Result<u32, String> {
    let max = guichet_sale::MAX_EXCLUSION_DAYS;
    text.parse()
        .ok()
        .filter(|days| (1..=max).contains(days))
        .ok_or_else(|| {
            format!(
                "`{}` is not a number of days: write a whole number from 1 to {max}",
                echoed(text)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_the_french_way_too() {
        assert_eq!(parse_euros("20"), Ok(Cents::euros(20)));
        assert_eq!(parse_euros("20,50"), Ok(Cents(2_050)));
        assert_eq!(parse_euros("20.5"), Ok(Cents(2_050)));
        assert_eq!(parse_euros("5 €"), Ok(Cents(500)));
        assert!(parse_euros("5.").is_err());
        assert!(
            parse_euros("-5")
                .expect_err("negative")
                .contains("more than 0")
        );
        assert!(parse_euros("0").is_err());
        let long = "9".repeat(100_000);
        let message = parse_euros(&long).expect_err("too long");
        assert!(message.len() < 120, "{message}");
    }
}
