// Static initializers that read what the program sets first, print, or use each other in a
// cycle run at their class's first use, as Java runs them (docs/language-notes.md): a table
// sized by a field `main` sets from its arguments, a cycle where the first class's
// initializer runs up to its use of the second, an initializer that prints, and one that
// a SOMD method's MIs (on other threads) reach first.
// args: 10 3
class Config {
    static int size = 4;
    static int scale = 1;
}

class Table {
    static int[] data = make(Config.size);

    static int[] make(int n) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * Config.scale;
        }
        return t;
    }
}

class First {
    static int v = 1;
    static int w = Second.u + 10;
}

class Second {
    static int u = First.v + 2;
}

class Loud {
    static int level = announce();

    static int announce() {
        System.out.println("Loud initialized");
        return Config.scale * 7;
    }

    static int twice(int x) {
        return 2 * x * level;
    }
}

class Weights {
    static int base = Config.scale * 100;

    static int of(int x) {
        return base + x;
    }
}

class Main {
    static long weighted(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Weights.of(a[i]);
        }
        return s;
    }

    public static void main(String[] args) {
        Config.size = Integer.parseInt(args[0]);
        Config.scale = Integer.parseInt(args[1]);
        System.out.println("main started");
        System.out.println(Table.data.length + " " + Table.data[Table.data.length - 1]);
        System.out.println(First.w + " " + Second.u);
        System.out.println(Loud.twice(5));
        int[] a = new int[50];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        System.out.println(weighted(a));
    }
}
