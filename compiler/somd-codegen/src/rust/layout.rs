//! Line breaking of statements that do not fit in 100 columns, following the layout rustfmt
//! chooses under the emitted project's `rustfmt.toml` (`use_small_heuristics = "Max"`), for
//! the shapes this writer emits:
//! - `let x = rhs;` / `x = rhs;`: when `rhs` fits on the next line, it goes there (indented);
//!   otherwise `rhs` is broken on the first line;
//! - a call whose last argument is a closure keeps the other arguments on the first line and
//!   gives the closure a block body (`|s| {` .. `}`), when they fit;
//! - a call with a single array argument (`f(&[..])`) breaks the array's elements;
//! - any other call puts one argument per line, with a trailing comma.
//!
//! Text is split with a small scanner that knows brackets and string literals, which is all
//! the structure the writer's output needs.

/// The maximum line width of the emitted code.
const WIDTH: usize = 100;

/// Lays out `prefix text suffix` at `indent` columns; returns lines without indentation
/// prefix applied (each line carries its own leading spaces).
pub fn layout(indent: usize, prefix: &str, text: &str, suffix: &str) -> Vec<String> {
    let pad = " ".repeat(indent);
    let single = format!("{pad}{prefix}{text}{suffix}");
    if single.chars().count() <= WIDTH {
        return vec![single];
    }
    // An assignment inside an expression statement: `x = rhs`.
    if prefix.is_empty() {
        if let Some((lhs, rhs)) = split_assignment(text) {
            return layout_rhs(indent, &format!("{lhs} = "), rhs, suffix);
        }
        return layout_expr(indent, prefix, text, suffix);
    }
    if prefix.starts_with("let ") {
        return layout_rhs(indent, prefix, text, suffix);
    }
    layout_expr(indent, prefix, text, suffix)
}

/// The right-hand side of `let` or of an assignment: next line when it fits there.
fn layout_rhs(indent: usize, prefix: &str, rhs: &str, suffix: &str) -> Vec<String> {
    let same_line = layout_expr(indent, prefix, rhs, suffix);
    let next_pad = " ".repeat(indent + 4);
    let next = format!("{next_pad}{rhs}{suffix}");
    if same_line.len() > 1 && next.chars().count() <= WIDTH {
        let pad = " ".repeat(indent);
        return vec![format!("{pad}{}", prefix.trim_end()), next];
    }
    same_line
}

/// An expression that does not fit on one line.
fn layout_expr(indent: usize, prefix: &str, text: &str, suffix: &str) -> Vec<String> {
    let pad = " ".repeat(indent);
    let single = format!("{pad}{prefix}{text}{suffix}");
    if single.chars().count() <= WIDTH {
        return vec![single];
    }
    if let Some((stmts, tail)) = split_block(text) {
        let mut lines = vec![format!("{pad}{prefix}{{")];
        for stmt in &stmts {
            let body = stmt.strip_suffix(';').unwrap_or(stmt);
            match body.split_once(" = ") {
                Some((head, rest)) if head.starts_with("let ") => {
                    lines.extend(layout(indent + 4, &format!("{head} = "), rest, ";"));
                }
                _ => lines.extend(layout(indent + 4, "", body, ";")),
            }
        }
        if !tail.is_empty() {
            lines.extend(layout(indent + 4, "", &tail, ""));
        }
        lines.push(format!("{pad}}}{suffix}"));
        return lines;
    }
    if let Some((cond, then_part, else_part)) = split_if(text) {
        let mut lines = vec![format!("{pad}{prefix}if {cond} {{")];
        lines.extend(layout(indent + 4, "", then_part, ""));
        let mut rest = else_part;
        loop {
            match split_if(rest) {
                Some((c, t, e)) => {
                    lines.push(format!("{pad}}} else if {c} {{"));
                    lines.extend(layout(indent + 4, "", t, ""));
                    rest = e;
                }
                None => {
                    lines.push(format!("{pad}}} else {{"));
                    lines.extend(layout(indent + 4, "", rest, ""));
                    break;
                }
            }
        }
        lines.push(format!("{pad}}}{suffix}"));
        return lines;
    }
    if let Some((open, items, close)) = split_array(text) {
        let mut lines = vec![format!("{pad}{prefix}{open}")];
        for item in &items {
            lines.extend(layout_expr(indent + 4, "", item, ","));
        }
        lines.push(format!("{pad}{close}{suffix}"));
        return lines;
    }
    let Some((callee, args)) = split_call(text) else {
        return vec![single];
    };
    // A closure as the last argument: overflow it.
    if let Some((last, rest)) = args.split_last() {
        if let Some((head, body)) = split_closure(last) {
            let mut first = format!("{pad}{prefix}{callee}(");
            for arg in rest {
                first.push_str(arg);
                first.push_str(", ");
            }
            first.push_str(head);
            first.push_str(" {");
            if first.chars().count() <= WIDTH {
                let mut lines = vec![first];
                lines.extend(layout_expr(indent + 4, "", body, ""));
                lines.push(format!("{pad}}}){suffix}"));
                return lines;
            }
        }
    }
    // A single array argument: overflow the array.
    if let [only] = args.as_slice() {
        if let Some((open, items, close)) = split_array(only) {
            let mut lines = vec![format!("{pad}{prefix}{callee}({open}")];
            for item in &items {
                lines.extend(layout_expr(indent + 4, "", item, ","));
            }
            lines.push(format!("{pad}{close}){suffix}"));
            return lines;
        }
    }
    let mut lines = vec![format!("{pad}{prefix}{callee}(")];
    for arg in &args {
        lines.extend(layout_expr(indent + 4, "", arg, ","));
    }
    lines.push(format!("{pad}){suffix}"));
    lines
}

/// Byte positions and depths of the top-level structure of `text`: calls `f(` at depth 0.
fn scan(text: &str, mut visit: impl FnMut(usize, char, i32) -> bool) -> bool {
    let mut depth = 0i32;
    let mut in_str = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_str {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => {
                if !visit(i, c, depth) {
                    return false;
                }
                depth += 1;
            }
            ')' | ']' | '}' => {
                depth -= 1;
                if !visit(i, c, depth) {
                    return false;
                }
            }
            _ => {
                if !visit(i, c, depth) {
                    return false;
                }
            }
        }
    }
    depth == 0 && !in_str
}

/// `if c { a } else { b }` (as the writer emits it): condition, then-expression and
/// else-expression (itself possibly an `if`).
fn split_if(text: &str) -> Option<(&str, &str, &str)> {
    let rest = text.strip_prefix("if ")?;
    let mut opens = Vec::new();
    let mut closes = Vec::new();
    let ok = scan(rest, |i, c, depth| {
        if depth == 0 && c == '{' {
            opens.push(i);
        }
        if depth == 0 && c == '}' {
            closes.push(i);
        }
        true
    });
    if !ok || opens.len() != 2 || closes.len() != 2 || !rest.ends_with('}') {
        return None;
    }
    let cond = rest[..opens[0]].trim();
    let then_part = rest[opens[0] + 1..closes[0]].trim();
    let between = rest[closes[0] + 1..opens[1]].trim();
    if between != "else" {
        return None;
    }
    let else_part = rest[opens[1] + 1..closes[1]].trim();
    Some((cond, then_part, else_part))
}

/// An inline block `{ a; b; c }`: statements and tail (see `stmt::split_block`).
fn split_block(text: &str) -> Option<(Vec<String>, String)> {
    super::stmt::split_block(text)
}

/// `lhs = rhs` at the top level (not `==`, `<=`, `>=`, `!=`).
fn split_assignment(text: &str) -> Option<(&str, &str)> {
    let mut found = None;
    let bytes = text.as_bytes();
    scan(text, |i, c, depth| {
        if depth == 0 && c == '=' && found.is_none() {
            let before = if i > 0 { bytes[i - 1] } else { b' ' };
            let after = bytes.get(i + 1).copied().unwrap_or(b' ');
            if before == b' ' && after == b' ' {
                found = Some(i);
            }
        }
        true
    });
    let i = found?;
    Some((text[..i].trim_end(), text[i + 1..].trim_start()))
}

/// `callee(args)` where the parentheses close at the end of `text` and `callee` has no
/// top-level spaces (a path, a method chain, or `&` and a path).
fn split_call(text: &str) -> Option<(&str, Vec<String>)> {
    if !text.ends_with(')') {
        return None;
    }
    let mut open = None;
    let mut spaced = false;
    let ok = scan(text, |i, c, depth| {
        if depth == 0 && c == '(' {
            open = Some(i);
        }
        if depth == 0 && c == ' ' {
            spaced = true;
        }
        true
    });
    let open = open?;
    if !ok || spaced {
        return None;
    }
    let callee = &text[..open];
    // A macro's `!` follows its name; `!(..)` alone is a negation, not a call.
    let name = callee.strip_suffix('!').unwrap_or(callee);
    if !name.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '>') {
        return None;
    }
    let inner = &text[open + 1..text.len() - 1];
    Some((callee, split_list(inner)?))
}

/// `&[a, b]` or `vec![a, b]`: opening, elements, closing.
fn split_array(text: &str) -> Option<(String, Vec<String>, String)> {
    let (open, inner) = if let Some(rest) = text.strip_prefix("&[") {
        ("&[", rest.strip_suffix(']')?)
    } else if let Some(rest) = text.strip_prefix("vec![") {
        ("vec![", rest.strip_suffix(']')?)
    } else {
        return None;
    };
    // The brackets must be one group.
    let mut closed_early = false;
    let ok = scan(inner, |_, c, depth| {
        if depth < 0 && matches!(c, ')' | ']' | '}') {
            closed_early = true;
        }
        true
    });
    if !ok || closed_early {
        return None;
    }
    Some((open.to_string(), split_list(inner)?, "]".to_string()))
}

/// `|x| body` / `move |x: T| body`: the head and the body.
fn split_closure(text: &str) -> Option<(&str, &str)> {
    let start = if text.starts_with("move |") {
        5
    } else if text.starts_with('|') {
        0
    } else {
        return None;
    };
    let close = text[start + 1..].find('|')? + start + 1;
    let body = text[close + 1..].trim_start();
    if body.starts_with('{') {
        return None;
    }
    Some((&text[..=close], body))
}

/// Splits a comma-separated list at its top level.
fn split_list(inner: &str) -> Option<Vec<String>> {
    let mut items = Vec::new();
    let mut start = 0;
    let mut bad = false;
    let ok = scan(inner, |i, c, depth| {
        if depth < 0 {
            bad = true;
        }
        if depth == 0 && c == ',' {
            items.push(inner[start..i].trim().to_string());
            start = i + 1;
        }
        true
    });
    if !ok || bad {
        return None;
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        items.push(last.to_string());
    }
    Some(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_calls_break_like_rustfmt() {
        let text = "rt::print::println(false, &Str::concat(&[&a.length(&POS_4), &\" \", \
                    &b.length(&POS_5), &\" \", &Main_sum(&a), &\" \", &Main_sum(&b)]))";
        let lines = layout(4, "", text, ";");
        assert_eq!(lines[0], "    rt::print::println(");
        assert_eq!(lines[1], "        false,");
        assert_eq!(lines[2], "        &Str::concat(&[");
        assert_eq!(lines[3], "            &a.length(&POS_4),");
        assert_eq!(lines.last().map(String::as_str), Some("    );"));
    }

    #[test]
    fn let_moves_to_next_line_when_it_fits() {
        let rhs = "rt::somd::Dist1::new(a, false, pos, |shape| rt::partition::Layout::block(shape, n_mis))";
        let lines = layout(4, "let dist_0 = ", rhs, ";");
        assert_eq!(lines, vec!["    let dist_0 =".to_string(), format!("        {rhs};")]);
    }

    #[test]
    fn closures_overflow() {
        let rhs = "rt::somd::Dist2::new(g, true, false, pos, |shape| \
                   rt::partition::Layout::block(shape, n_mis).with_view([(1, 1), (1, 1)]))";
        let lines = layout(4, "let dist_0 = ", rhs, ";");
        assert_eq!(
            lines[0],
            "    let dist_0 = rt::somd::Dist2::new(g, true, false, pos, |shape| {"
        );
        assert_eq!(lines[2], "    });");
    }

    /// `!(..)` is a negation of a parenthesized expression, not a macro call: breaking it
    /// with a trailing comma would make a tuple (`!({ .. },)`).
    #[test]
    fn negations_are_not_macro_calls() {
        let text = format!("!({{ let v = {}; k = v; v }})", "x.wrapping_add(y) ".repeat(8));
        let lines = layout(4, "", &text, ";");
        assert!(lines.iter().all(|l| !l.trim_end().ends_with("},")), "{lines:#?}");
        let call = format!("println!({})", "x.wrapping_add(y) + ".repeat(8) + "1");
        assert_eq!(layout(4, "", &call, ";")[0], "    println!(");
    }
}
