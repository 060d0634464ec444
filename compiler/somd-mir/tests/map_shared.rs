//! Tests of `analysis::shared::map_writes_shared`: whether the applications of a `@` may
//! write a field of an object they share (a broadcast object, the elements of a mapped
//! object array), or an element of an array such an object holds, which only Java's order
//! of the applications gets right. What an application makes is its own.

mod common;

use common::{find, lowered};
use somd_mir::analysis::shared::map_writes_shared;
use somd_mir::Module;

const PROGRAM: &str = "
class Box {
    int v;
    long h;
    Box() { }
    local int bump(int i) {
        v++;
        h = h * 31 + i;
        return v;
    }
    local int peek() {
        return v;
    }
}

class Acc {
    int[] cells;
    int n;
    Acc(int k) {
        cells = new int[4];
        add(k);
    }
    local void add(int k) {
        cells[k % 4] += k;
        n++;
    }
}

class Holder {
    int[] data;
    Holder(int[] data) {
        this.data = data;
    }
}

value class P {
    final int x;
    final int y;
    P(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

public class Main {
    static local int inc(int i, Box b) {
        b.v++;
        return b.v;
    }
    static local int viaMethod(int i, Box b) {
        return b.bump(i);
    }
    static local int element(Box b, int i) {
        b.h = b.h * 31 + i;
        return i;
    }
    static local int reads(int i, Box b) {
        return b.v + b.peek() + i;
    }
    static local int made(int i) {
        Box t = new Box();
        t.v = i;
        t.bump(i);
        touch(t);
        return t.v;
    }
    static local void touch(Box t) {
        t.v += 2;
    }
    static local int viaHelper(int i, Box b) {
        touch(b);
        return i;
    }
    static local int madeWithArray(int i) {
        Acc a = new Acc(i);
        a.add(i + 1);
        a.cells[0]++;
        return a.cells[i % 4] + a.n;
    }
    static local int heldArray(int i, Holder h) {
        h.data[i % 4] += i;
        return i;
    }
    static local int heldArrayRead(int i, Holder h) {
        return h.data[i % 4] + i;
    }
    static local int values(int i) {
        P p = new P(i, i + 1);
        return p.x + p.y;
    }
    static local int nested(int i, Box b) {
        int[[]] r = Main @ inc(Somd.range(3), b);
        return r[0] + i;
    }
    static local int nestedOwn(int i) {
        Box t = new Box();
        int[[]] r = Main @ inc(Somd.range(3), t);
        return r[2] + i;
    }
    static local int recurse(int i, Box b) {
        if (i > 0) {
            return recurse(i - 1, b);
        }
        b.v = i;
        return i;
    }
    static local int aliasOfOwn(int i, Box b) {
        Box t = new Box();
        if (i > 2) {
            t = b;
        }
        t.v = i;
        return t.v;
    }

    public static void main(String[] args) { }
}
";

fn shared(module: &Module, name: &str) -> bool {
    map_writes_shared(module, find(module, name))
}

#[test]
fn writes_to_objects_the_applications_share_are_found() {
    let module = lowered(PROGRAM);
    // A broadcast object's field, directly, through an instance method writing `this`, and
    // through a static helper writing its parameter's field.
    assert!(shared(&module, "Main.inc"));
    assert!(shared(&module, "Main.viaMethod"));
    assert!(shared(&module, "Main.viaHelper"));
    // A mapped `Box[]`'s element: the array may hold one object several times.
    assert!(shared(&module, "Main.element"));
    // Elements of an array a broadcast object's field holds.
    assert!(shared(&module, "Main.heldArray"));
    // A nested `@` writing the broadcast object, and a recursive writer.
    assert!(shared(&module, "Main.nested"));
    assert!(shared(&module, "Main.recurse"));
    // A local that holds the application's own object or a shared one.
    assert!(shared(&module, "Main.aliasOfOwn"));
}

#[test]
fn reads_and_writes_of_what_an_application_made_are_not() {
    let module = lowered(PROGRAM);
    // Reads only, through an instance method too.
    assert!(!shared(&module, "Main.reads"));
    assert!(!shared(&module, "Main.heldArrayRead"));
    // Its own object: fields written directly, by an instance method called on it and by
    // a helper it is passed to.
    assert!(!shared(&module, "Main.made"));
    // Its own object, whose constructor and methods write its fields and the array its
    // field alone holds.
    assert!(!shared(&module, "Main.madeWithArray"));
    // Value objects never change; a nested `@` broadcasting its own object.
    assert!(!shared(&module, "Main.values"));
    assert!(!shared(&module, "Main.nestedOwn"));
}
