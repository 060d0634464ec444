//! `String.format` / `System.out.printf` (English locale) for the conversions of LANGUAGE.md
//! §1.7 plus their cheap relatives: `%d %x %X %o %s %S %c %C %b %B %f %e %E %g %G %n %%`,
//! explicit argument indices (`%2$d`, `%<d`), width, precision and the flags `- # + space 0 , (`.
//!
//! Generated code passes the arguments as a slice of [`Arg`] (boxing in Java becomes an enum
//! here; the enum carries the Java class name for error messages). A `null` reference is
//! passed as [`Arg::Null`] ([`Arg::string`] and [`Arg::reference`] tell it apart), never as
//! the text `"null"`: `%b` prints `false` for it and `true` for any other argument that is
//! not a `boolean`.
//!
//! Floating-point conversions reproduce the JDK's `Formatter`, which does not round the exact
//! binary value: it takes the decimal digits of `Double.toString` and rounds those half-up
//! (`FormattedFloatingDecimal.applyPrecision`). So `%.1f` of `0.15` is `0.2` and `%.2f` of
//! `1.005` is `1.01` (the exact values are just below the ties), and `%.20f` of `0.1` pads the
//! 17 significant digits with zeros. A `float` argument is widened to `double` first, as the
//! JDK does. `%e` has at least two exponent digits. `%g` uses precision 6 by default and 1 for
//! precision 0, and switches to scientific notation when the rounded value is below 10^-4 or
//! at least 10^precision; it never strips zeros.
//!
//! Errors are Java's exceptions with Java's messages, returned as `Err` (generated code calls
//! [`crate::error::OrThrow::or_throw`]): `MissingFormatArgumentException` (`Format specifier
//! '%d'`), `IllegalFormatConversionException` (`d != java.lang.Double`),
//! `UnknownFormatConversionException` (`Conversion = 'q'`), `MissingFormatWidthException`,
//! `IllegalFormatPrecisionException`, `FormatFlagsConversionMismatchException`,
//! `IllegalFormatFlagsException`, `IllegalFormatCodePointException`,
//! `DuplicateFormatFlagsException` (`Flags = '-'`), `IllegalFormatArgumentIndexException`
//! (`Illegal format argument index = 0`).

use super::decimal::{round_half_up, shortest_f64, Digits};
use super::to_string::{char_to_string, push_double, push_float, UNPAIRED};
use crate::error::{class, JavaException};
use crate::value::Str;

/// One argument of `String.format`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg<'a> {
    Byte(i8),
    Short(i16),
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    Bool(bool),
    /// A Java `char` (UTF-16 code unit).
    Char(u16),
    Str(&'a str),
    /// Any other reference (an array, an object): its `String.valueOf` text and its Java
    /// class (`[I`, `[Ljava.lang.String;`, `Box`), which an exception's detail names.
    Ref(&'a str, &'static str),
    /// A `null` reference: every conversion prints `null` except `%b`, which prints `false`.
    Null,
    /// Only as the one argument of a list: Java's `Object...` array was itself `null`
    /// (`printf(fmt, (String[]) null)`), and every specifier's argument is `null`.
    NullArray,
}

impl<'a> Arg<'a> {
    /// A `String` argument: its text, or [`Arg::Null`] for `null` (a string `"null"` stays
    /// text, which `%b` prints as `true`).
    pub fn string(s: &'a Str) -> Arg<'a> {
        if s.is_null() {
            Arg::Null
        } else {
            Arg::Str(s.as_java())
        }
    }

    /// Any other reference argument (an array, object or value) by its `String.valueOf`
    /// text: that is `null` only for `null`, since other references print as `Type@hash`.
    pub fn reference(text: &'a str, class: &'static str) -> Arg<'a> {
        if text == "null" {
            Arg::Null
        } else {
            Arg::Ref(text, class)
        }
    }
}

impl Arg<'_> {
    fn java_class(&self) -> &'static str {
        match self {
            Arg::Byte(_) => "java.lang.Byte",
            Arg::Short(_) => "java.lang.Short",
            Arg::Int(_) => "java.lang.Integer",
            Arg::Long(_) => "java.lang.Long",
            Arg::Float(_) => "java.lang.Float",
            Arg::Double(_) => "java.lang.Double",
            Arg::Bool(_) => "java.lang.Boolean",
            Arg::Char(_) => "java.lang.Character",
            Arg::Str(_) => "java.lang.String",
            Arg::Ref(_, class) => class,
            // Never in a message: every conversion accepts `null` (see `format_one`).
            Arg::Null | Arg::NullArray => "null",
        }
    }

    /// `String.valueOf(arg)`.
    fn to_java_string(self) -> String {
        match self {
            Arg::Byte(v) => v.to_string(),
            Arg::Short(v) => v.to_string(),
            Arg::Int(v) => v.to_string(),
            Arg::Long(v) => v.to_string(),
            Arg::Float(v) => {
                let mut out = String::new();
                push_float(&mut out, v);
                out
            }
            Arg::Double(v) => {
                let mut out = String::new();
                push_double(&mut out, v);
                out
            }
            Arg::Bool(v) => v.to_string(),
            Arg::Char(v) => char_to_string(v),
            Arg::Str(v) | Arg::Ref(v, _) => v.to_string(),
            Arg::Null | Arg::NullArray => "null".to_string(),
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Flags {
    left: bool,
    alternate: bool,
    plus: bool,
    space: bool,
    zero: bool,
    group: bool,
    paren: bool,
    previous: bool,
    upper: bool,
}

impl Flags {
    /// Java's `Flags.toString()` order.
    fn text(&self) -> String {
        let mut out = String::new();
        for (set, ch) in [
            (self.left, '-'),
            (self.alternate, '#'),
            (self.plus, '+'),
            (self.space, ' '),
            (self.zero, '0'),
            (self.group, ','),
            (self.paren, '('),
            (self.previous, '<'),
        ] {
            if set {
                out.push(ch);
            }
        }
        out
    }
}

#[derive(Debug, Clone)]
struct Spec {
    index: Option<usize>,
    /// An explicit argument index Java refuses: 0, or `i32::MIN` for one past `int`.
    bad_index: Option<i32>,
    /// The first flag given twice.
    duplicate: Option<char>,
    flags: Flags,
    width: Option<usize>,
    precision: Option<usize>,
    conversion: char,
}

impl Spec {
    /// Java's `FormatSpecifier.toString()`: flags, then `index$`, width, `.precision`.
    fn text(&self) -> String {
        let mut out = String::from("%");
        out.push_str(&self.flags.text());
        if let Some(index) = self.index.filter(|&i| i > 0) {
            out.push_str(&format!("{index}$"));
        }
        if let Some(width) = self.width {
            out.push_str(&width.to_string());
        }
        if let Some(precision) = self.precision {
            out.push('.');
            out.push_str(&precision.to_string());
        }
        out.push(if self.flags.upper {
            self.conversion.to_ascii_uppercase()
        } else {
            self.conversion
        });
        out
    }
}

fn err(class: &'static str, detail: String) -> JavaException {
    JavaException::unplaced(class, detail)
}

fn flag_mismatch(conversion: char, flag: char) -> JavaException {
    err(
        class::FORMAT_FLAGS_CONVERSION_MISMATCH,
        format!("Conversion = {conversion}, Flags = {flag}"),
    )
}

fn check_bad_flags(spec: &Spec, bad: &[char]) -> Result<(), JavaException> {
    let f = &spec.flags;
    for &flag in bad {
        let set = match flag {
            '-' => f.left,
            '#' => f.alternate,
            '+' => f.plus,
            ' ' => f.space,
            '0' => f.zero,
            ',' => f.group,
            '(' => f.paren,
            _ => false,
        };
        if set {
            return Err(flag_mismatch(spec.conversion, flag));
        }
    }
    Ok(())
}

/// Java's `FormatSpecifier` constructor checks (everything that does not need the argument).
fn check_spec(spec: &Spec) -> Result<(), JavaException> {
    // Java parses them with `Integer.parseInt`, and reports one past `int` as
    // `Integer.MIN_VALUE`.
    let past_int = |n: Option<usize>| n.is_some_and(|n| n > i32::MAX as usize);
    if past_int(spec.width) {
        return Err(err("java.util.IllegalFormatWidthException", i32::MIN.to_string()));
    }
    if past_int(spec.precision) {
        return Err(err(class::ILLEGAL_FORMAT_PRECISION, i32::MIN.to_string()));
    }
    let f = &spec.flags;
    let missing_width = || Err(err(class::MISSING_FORMAT_WIDTH, spec.text()));
    let check_numeric = || -> Result<(), JavaException> {
        if spec.width.is_none() && (f.left || f.zero) {
            return missing_width();
        }
        if (f.plus && f.space) || (f.left && f.zero) {
            return Err(err(class::ILLEGAL_FORMAT_FLAGS, format!("Flags = '{}'", f.text())));
        }
        Ok(())
    };
    match spec.conversion {
        'b' | 's' => {
            if spec.conversion == 'b' && f.alternate {
                return Err(flag_mismatch(spec.conversion, '#'));
            }
            if spec.width.is_none() && f.left {
                return missing_width();
            }
            check_bad_flags(spec, &['+', ' ', '0', ',', '('])
        }
        'c' => {
            if let Some(precision) = spec.precision {
                return Err(err(class::ILLEGAL_FORMAT_PRECISION, precision.to_string()));
            }
            check_bad_flags(spec, &['#', '+', ' ', '0', ',', '('])?;
            if spec.width.is_none() && f.left {
                return missing_width();
            }
            Ok(())
        }
        'd' | 'x' | 'o' => {
            check_numeric()?;
            if let Some(precision) = spec.precision {
                return Err(err(class::ILLEGAL_FORMAT_PRECISION, precision.to_string()));
            }
            if spec.conversion == 'd' {
                check_bad_flags(spec, &['#'])
            } else {
                check_bad_flags(spec, &[','])
            }
        }
        'f' => check_numeric(),
        'e' => {
            check_numeric()?;
            check_bad_flags(spec, &[','])
        }
        'g' => {
            check_numeric()?;
            check_bad_flags(spec, &['#'])
        }
        _ => Ok(()),
    }
}

/// Parses the specifier after a `%` at `bytes[start..]`; returns it and the index after it.
/// `None` means Java's regular expression does not match here.
fn parse_spec(bytes: &[u8], start: usize) -> Option<(Spec, usize)> {
    let digits_at = |mut i: usize| {
        let begin = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        (begin, i)
    };
    let mut i = start;
    let (mut index, mut bad_index) = (None, None);
    let (begin, end) = digits_at(i);
    if end > begin && end < bytes.len() && bytes[end] == b'$' {
        // Java's `Integer.parseInt`: 0 and anything past `int` are refused.
        let value = std::str::from_utf8(&bytes[begin..end]).ok()?.parse::<i32>().ok();
        match value {
            Some(0) => bad_index = Some(0),
            Some(v) => index = usize::try_from(v).ok(),
            None => bad_index = Some(i32::MIN),
        }
        i = end + 1;
    }
    let mut flags = Flags::default();
    let mut duplicate = None;
    while i < bytes.len() {
        let flag = match bytes[i] {
            b'-' => &mut flags.left,
            b'#' => &mut flags.alternate,
            b'+' => &mut flags.plus,
            b' ' => &mut flags.space,
            b'0' => &mut flags.zero,
            b',' => &mut flags.group,
            b'(' => &mut flags.paren,
            b'<' => &mut flags.previous,
            _ => break,
        };
        if *flag {
            duplicate = duplicate.or(Some(char::from(bytes[i])));
        }
        *flag = true;
        i += 1;
    }
    // Java drops the index of a specifier taking the previous argument.
    if flags.previous {
        index = None;
    }
    // A width or precision past `int` is `usize::MAX` here (`check_spec` refuses it).
    let count = |digits: &[u8]| {
        std::str::from_utf8(digits).ok().map(|d| d.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (begin, end) = digits_at(i);
    let width = if end > begin {
        i = end;
        Some(count(&bytes[begin..end])?)
    } else {
        None
    };
    let mut precision = None;
    if i < bytes.len() && bytes[i] == b'.' {
        let (begin, end) = digits_at(i + 1);
        if end == begin {
            return None;
        }
        precision = Some(count(&bytes[begin..end])?);
        i = end;
    }
    let conversion = *bytes.get(i)?;
    if !(conversion.is_ascii_alphabetic() || conversion == b'%') {
        return None;
    }
    let conversion = char::from(conversion);
    Some((Spec { index, bad_index, duplicate, flags, width, precision, conversion }, i + 1))
}

/// `String.format(fmt, args...)`.
pub fn format(fmt: &str, args: &[Arg<'_>]) -> Result<String, JavaException> {
    match format_partial(fmt, args) {
        (out, None) => Ok(out),
        (_, Some(e)) => Err(e),
    }
}

/// `printf`'s [`format`]: the text formatted before an exception with it. Java's
/// `Formatter` parses the whole format first (an error there prints nothing), then writes
/// each piece in turn, so an argument missing or of the wrong type fails after the text
/// before it went out.
pub fn format_partial(fmt: &str, args: &[Arg<'_>]) -> (String, Option<JavaException>) {
    if let Err(e) = run(fmt, None, &mut String::new()) {
        return (String::new(), Some(e));
    }
    let mut out = String::with_capacity(fmt.len() + 16);
    let failed = run(fmt, Some(args), &mut out).err();
    (out, failed)
}

/// The format `fmt` written into `out` with `args`; with `None`, only parsed and checked
/// (every specifier as Java's `FormatSpecifier` constructor checks it).
fn run(fmt: &str, args: Option<&[Arg<'_>]>, out: &mut String) -> Result<(), JavaException> {
    let bytes = fmt.as_bytes();
    let mut i = 0;
    let mut ordinary_index = 0usize;
    let mut last_index: Option<usize> = None;
    while i < bytes.len() {
        let Some(rel) = fmt[i..].find('%') else {
            out.push_str(&fmt[i..]);
            break;
        };
        let n = i + rel;
        out.push_str(&fmt[i..n]);
        i = n + 1;
        if i >= bytes.len() {
            return Err(err(class::UNKNOWN_FORMAT_CONVERSION, "Conversion = '%'".to_string()));
        }
        let Some((mut spec, next)) = parse_spec(bytes, i) else {
            let c = fmt[i..].chars().next().unwrap_or('%');
            return Err(err(class::UNKNOWN_FORMAT_CONVERSION, format!("Conversion = '{c}'")));
        };
        i = next;
        // Java's `FormatSpecifier` checks the index, then the flags, before the rest.
        match spec.bad_index {
            Some(i32::MIN) => {
                let what = "Format argument index: (not representable as int)";
                return Err(err(class::ILLEGAL_FORMAT_ARGUMENT_INDEX, what.to_string()));
            }
            Some(index) => {
                let what = format!("Illegal format argument index = {index}");
                return Err(err(class::ILLEGAL_FORMAT_ARGUMENT_INDEX, what));
            }
            None => {}
        }
        if let Some(flag) = spec.duplicate {
            return Err(err(class::DUPLICATE_FORMAT_FLAGS, format!("Flags = '{flag}'")));
        }
        match spec.conversion {
            'S' | 'B' | 'C' | 'X' | 'E' | 'G' => {
                spec.flags.upper = true;
                spec.conversion = spec.conversion.to_ascii_lowercase();
            }
            _ => {}
        }
        match spec.conversion {
            '%' => {
                if let Some(precision) = spec.precision {
                    return Err(err(class::ILLEGAL_FORMAT_PRECISION, precision.to_string()));
                }
                let mut only_left = spec.flags;
                only_left.left = false;
                if !only_left.text().is_empty() {
                    return Err(err(
                        class::ILLEGAL_FORMAT_FLAGS,
                        format!("Flags = '{}'", spec.flags.text()),
                    ));
                }
                if spec.width.is_none() && spec.flags.left {
                    return Err(err(class::MISSING_FORMAT_WIDTH, spec.text()));
                }
                justify(out, "%", &spec);
                continue;
            }
            'n' => {
                if let Some(precision) = spec.precision {
                    return Err(err(class::ILLEGAL_FORMAT_PRECISION, precision.to_string()));
                }
                if let Some(width) = spec.width {
                    return Err(err("java.util.IllegalFormatWidthException", width.to_string()));
                }
                if !spec.flags.text().is_empty() {
                    return Err(err(
                        class::ILLEGAL_FORMAT_FLAGS,
                        format!("Flags = '{}'", spec.flags.text()),
                    ));
                }
                out.push('\n');
                continue;
            }
            'b' | 's' | 'c' | 'd' | 'x' | 'o' | 'f' | 'e' | 'g' => {}
            other => {
                return Err(err(
                    class::UNKNOWN_FORMAT_CONVERSION,
                    format!("Conversion = '{other}'"),
                ))
            }
        }
        check_spec(&spec)?;
        let Some(args) = args else { continue };
        let arg_index = if spec.flags.previous {
            last_index
        } else if let Some(explicit) = spec.index {
            explicit.checked_sub(1)
        } else {
            ordinary_index += 1;
            Some(ordinary_index - 1)
        };
        let arg = match args {
            [Arg::NullArray] => Some(Arg::Null),
            _ => arg_index.and_then(|idx| args.get(idx)).copied(),
        };
        let Some(arg) = arg else {
            return Err(err(
                class::MISSING_FORMAT_ARGUMENT,
                format!("Format specifier '{}'", spec.text()),
            ));
        };
        last_index = arg_index;
        let text = format_one(&spec, arg)?;
        let text = if spec.flags.upper { text.to_uppercase() } else { text };
        justify(out, &text, &spec);
    }
    Ok(())
}

/// Pads `text` to the width, which counts UTF-16 code units as Java's `String.length`
/// (a character outside the BMP is two).
fn justify(out: &mut String, text: &str, spec: &Spec) {
    let len = text.chars().map(char::len_utf16).sum::<usize>();
    let pad = spec.width.unwrap_or(0).saturating_sub(len);
    if spec.flags.left {
        out.push_str(text);
        out.extend(std::iter::repeat_n(' ', pad));
    } else {
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(text);
    }
}

fn mismatch(spec: &Spec, arg: Arg<'_>) -> JavaException {
    let conversion =
        if spec.flags.upper { spec.conversion.to_ascii_uppercase() } else { spec.conversion };
    err(class::ILLEGAL_FORMAT_CONVERSION, format!("{conversion} != {}", arg.java_class()))
}

/// The first `precision` UTF-16 code units of `text`, as Java's `substring`: a character
/// outside the BMP cut in half leaves its lone high surrogate, which output writes as
/// [`UNPAIRED`].
fn truncate(text: String, precision: Option<usize>) -> String {
    let Some(p) = precision else { return text };
    let mut out = String::new();
    let mut units = 0;
    for c in text.chars() {
        let n = c.len_utf16();
        if units + n > p {
            if units < p {
                out.push(UNPAIRED);
            }
            break;
        }
        out.push(c);
        units += n;
    }
    out
}

fn format_one(spec: &Spec, arg: Arg<'_>) -> Result<String, JavaException> {
    // As Java's `FormatSpecifier.print`: every conversion prints `null` as `null`, except
    // `%b` (`false`, where any other non-`Boolean` argument is `true`) and `%#s` (which
    // fails for any argument); the precision still truncates it.
    if arg == Arg::Null {
        return match spec.conversion {
            'b' => Ok(truncate("false".to_string(), spec.precision)),
            's' if spec.flags.alternate => Err(flag_mismatch('s', '#')),
            _ => Ok(truncate("null".to_string(), spec.precision)),
        };
    }
    match spec.conversion {
        'b' => {
            let text = match arg {
                Arg::Bool(v) => v.to_string(),
                _ => "true".to_string(),
            };
            Ok(truncate(text, spec.precision))
        }
        's' => {
            if spec.flags.alternate {
                return Err(flag_mismatch('s', '#'));
            }
            Ok(truncate(arg.to_java_string(), spec.precision))
        }
        'c' => {
            let code_point = match arg {
                Arg::Char(v) => return Ok(char_to_string(v)),
                Arg::Byte(v) => i32::from(v),
                Arg::Short(v) => i32::from(v),
                Arg::Int(v) => v,
                _ => return Err(mismatch(spec, arg)),
            };
            match u32::try_from(code_point).ok().and_then(char::from_u32) {
                Some(c) => Ok(c.to_string()),
                None if (0xD800..0xE000).contains(&code_point) => Ok(UNPAIRED.to_string()),
                None => Err(err(
                    "java.util.IllegalFormatCodePointException",
                    format!("Code point = {:#x}", code_point),
                )),
            }
        }
        'd' => {
            let value: i64 = match arg {
                Arg::Byte(v) => i64::from(v),
                Arg::Short(v) => i64::from(v),
                Arg::Int(v) => i64::from(v),
                Arg::Long(v) => v,
                _ => return Err(mismatch(spec, arg)),
            };
            let neg = value < 0;
            let magnitude = value.unsigned_abs().to_string();
            Ok(signed_number(spec, neg, &magnitude, ""))
        }
        'x' | 'o' => {
            // Negative byte/short/int values print in two's complement of their own width.
            let bits: u64 = match arg {
                Arg::Byte(v) => u64::from(v as u8),
                Arg::Short(v) => u64::from(v as u16),
                Arg::Int(v) => u64::from(v as u32),
                Arg::Long(v) => v as u64,
                _ => return Err(mismatch(spec, arg)),
            };
            check_bad_flags(spec, &['(', ' ', '+'])?;
            let (digits, prefix) = if spec.conversion == 'x' {
                (format!("{bits:x}"), if spec.flags.upper { "0X" } else { "0x" })
            } else {
                (format!("{bits:o}"), "0")
            };
            let mut out = String::new();
            let mut len = digits.len();
            if spec.flags.alternate {
                out.push_str(prefix);
                len += prefix.len();
            }
            if spec.flags.zero {
                let pad = spec.width.unwrap_or(0).saturating_sub(len);
                out.extend(std::iter::repeat_n('0', pad));
            }
            out.push_str(&digits);
            Ok(out)
        }
        'f' | 'e' | 'g' => {
            let value = match arg {
                Arg::Float(v) => f64::from(v),
                Arg::Double(v) => v,
                _ => return Err(mismatch(spec, arg)),
            };
            Ok(format_float(spec, value))
        }
        other => Err(err(class::UNKNOWN_FORMAT_CONVERSION, format!("Conversion = '{other}'"))),
    }
}

/// Sign, grouping, zero padding and parentheses around an unsigned magnitude, as Java's
/// `leadingSign` + `localizedMagnitude` + `trailingSign`. `suffix` (an exponent) is not
/// grouped but counts toward the width.
fn signed_number(spec: &Spec, neg: bool, magnitude: &str, suffix: &str) -> String {
    let f = &spec.flags;
    let mut out = String::new();
    if neg {
        out.push(if f.paren { '(' } else { '-' });
    } else if f.plus {
        out.push('+');
    } else if f.space {
        out.push(' ');
    }
    let sign_len = out.len();
    let (int_part, rest) = match magnitude.find('.') {
        Some(at) => magnitude.split_at(at),
        None => (magnitude, ""),
    };
    let mut body = String::new();
    if f.group {
        let len = int_part.len();
        for (idx, ch) in int_part.chars().enumerate() {
            if idx > 0 && (len - idx) % 3 == 0 {
                body.push(',');
            }
            body.push(ch);
        }
    } else {
        body.push_str(int_part);
    }
    body.push_str(rest);
    if f.zero {
        let mut width = spec.width.unwrap_or(0);
        if neg && f.paren {
            width = width.saturating_sub(1);
        }
        let used = sign_len + body.len() + suffix.len();
        out.extend(std::iter::repeat_n('0', width.saturating_sub(used)));
    }
    out.push_str(&body);
    out.push_str(suffix);
    if neg && f.paren {
        out.push(')');
    }
    out
}

fn format_float(spec: &Spec, value: f64) -> String {
    let f = &spec.flags;
    if value.is_nan() {
        return "NaN".to_string();
    }
    let neg = value < 0.0 || (value == 0.0 && value.is_sign_negative());
    if value.is_infinite() {
        let mut out = String::new();
        if neg {
            out.push(if f.paren { '(' } else { '-' });
        } else if f.plus {
            out.push('+');
        } else if f.space {
            out.push(' ');
        }
        out.push_str("Infinity");
        if neg && f.paren {
            out.push(')');
        }
        return out;
    }
    let digits = if value == 0.0 {
        Digits { digits: Vec::new(), point: 0 }
    } else {
        shortest_f64(value.abs())
    };
    match spec.conversion {
        'f' => {
            let precision = spec.precision.unwrap_or(6);
            let rounded = round_half_up(&digits, digits.point + precision as i32);
            let mut text = fixed(&rounded, precision);
            if precision == 0 && f.alternate {
                text.push('.');
            }
            signed_number(spec, neg, &text, "")
        }
        'e' => {
            let precision = spec.precision.unwrap_or(6);
            let (mantissa, exponent) = scientific(&digits, precision, f.alternate);
            signed_number(spec, neg, &mantissa, &exponent)
        }
        _ => {
            let precision = match spec.precision {
                None => 6,
                Some(0) => 1,
                Some(p) => p,
            };
            if digits.digits.is_empty() {
                return signed_number(spec, neg, &fixed(&digits, precision - 1), "");
            }
            let rounded = round_half_up(&digits, precision as i32);
            let exp = rounded.point - 1;
            if exp < -4 || exp >= precision as i32 {
                let (mantissa, exponent) = scientific(&rounded, precision - 1, false);
                signed_number(spec, neg, &mantissa, &exponent)
            } else {
                let frac = (precision as i32 - (exp + 1)) as usize;
                signed_number(spec, neg, &fixed(&rounded, frac), "")
            }
        }
    }
}

/// Plain notation with exactly `frac` fraction digits (the digits are already rounded).
fn fixed(d: &Digits, frac: usize) -> String {
    let digit_at = |pos: i32| -> char {
        // Digit whose place value is 10^(point - 1 - pos).
        if pos < 0 {
            '0'
        } else {
            char::from(b'0' + d.digits.get(pos as usize).copied().unwrap_or(0))
        }
    };
    let mut out = String::new();
    if d.point <= 0 || d.digits.is_empty() {
        out.push('0');
    } else {
        for pos in 0..d.point {
            out.push(digit_at(pos));
        }
    }
    if frac > 0 {
        out.push('.');
        let start = if d.digits.is_empty() { 0 } else { d.point };
        for k in 0..frac as i32 {
            let pos = start + k;
            out.push(if d.digits.is_empty() { '0' } else { digit_at(pos) });
        }
    }
    out
}

/// Mantissa with `precision` fraction digits and the exponent text `e+XX`.
fn scientific(d: &Digits, precision: usize, alternate: bool) -> (String, String) {
    let (rounded, exp) = if d.digits.is_empty() {
        (d.clone(), 0)
    } else {
        let r = round_half_up(d, precision as i32 + 1);
        let exp = r.point - 1;
        (r, exp)
    };
    let mut mantissa = String::new();
    mantissa.push(char::from(b'0' + rounded.digits.first().copied().unwrap_or(0)));
    if precision > 0 || alternate {
        mantissa.push('.');
    }
    for k in 1..=precision {
        mantissa.push(char::from(b'0' + rounded.digits.get(k).copied().unwrap_or(0)));
    }
    let sign = if exp < 0 { '-' } else { '+' };
    let exponent = format!("e{sign}{:02}", exp.unsigned_abs());
    (mantissa, exponent)
}
