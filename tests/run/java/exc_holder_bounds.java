// Java twin of exc_holder_bounds.somd: the value class becomes a final class, its value
// array an array, and each `@` a loop calling `look` per element.
class Main {
    static int pick(Lookup t, int i) {
        return t.table[i] * t.scale;
    }

    static int look(int i, Lookup t) {
        return i < 0 ? -1 : pick(t, i);
    }

    static int[] mapLook(int[] is, Lookup t) {
        int[] r = new int[is.length];
        for (int i = 0; i < is.length; i++) r[i] = look(is[i], t);
        return r;
    }

    public static void main(String[] args) {
        int n = 5000;
        int[] is = new int[n];
        int[] tab = new int[64];
        for (int i = 0; i < n; i++) {
            is[i] = (i * 37) % 64 - (i % 5 == 0 ? 70 : 0);
        }
        for (int i = 0; i < tab.length; i++) {
            tab[i] = i * i - 9;
        }
        Lookup t = new Lookup(tab.clone(), 3);
        int[] ok = mapLook(is.clone(), t);
        System.out.println(ok[0] + " " + ok[1] + " " + ok[n - 1]);
        is[4321] = 64;
        int[] bad = mapLook(is.clone(), t);
        System.out.println(bad[0]);
    }
}

final class Lookup {
    final int[] table;
    final int scale;

    Lookup(int[] table, int scale) {
        this.table = table;
        this.scale = scale;
    }
}
