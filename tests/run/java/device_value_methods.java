// Java twin of device_value_methods.somd, with the sequential meaning of its SOMD and Lime
// constructs: a SOMD method runs as one method instance over the whole array, `@` is a
// loop building an array, `+ !` a sum; value classes are final classes, value arrays arrays.
final class Complex {
    double re;
    double im;

    Complex(double re, double im) {
        this.re = re;
        this.im = im;
    }

    Complex plus(Complex o) {
        return new Complex(re + o.re, im + o.im);
    }

    Complex times(Complex o) {
        return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    double abs2() {
        return re * re + im * im;
    }

    // Calls another method on `this`, and returns `this` itself.
    Complex atMost(double r2) {
        return abs2() <= r2 ? this : new Complex(0, 0);
    }
}

final class Cell {
    int x;
    int y;

    Cell(int x, int y) {
        this.x = x;
        this.y = y;
    }

    int weight(int[] w) {
        return w[(x + y) % w.length] * (x - y);
    }

    int ratio(int d) {
        return (x * 7 + y) / d;
    }
}

class Main {
    // Escape time of `c` under z = z^2 + c, at most `limit` steps.
    static int escape(Complex c, int limit) {
        Complex z = new Complex(0, 0);
        int k = 0;
        while (k < limit && z.abs2() <= 4.0) {
            z = z.times(z).plus(c);
            k++;
        }
        return k;
    }

    static int clipped(Complex c) {
        return (int) (c.atMost(1.0).abs2() * 1000.0);
    }

    static long weights(Cell[] cells, int[] w) {
        long s = 0;
        for (int i = 0; i < cells.length; i++) {
            s += cells[i].weight(w) + cells[i].ratio(3);
        }
        return s;
    }

    public static void main(String[] args) {
        int w = 120;
        int h = 80;
        Complex[] grid = new Complex[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                grid[y * w + x] = new Complex(-2.0 + x * 0.025, -1.0 + y * 0.025);
            }
        }
        Complex[] cs = grid;
        int[] steps = new int[cs.length];
        for (int i = 0; i < cs.length; i++) {
            steps[i] = escape(cs[i], 64);
        }
        long total = 0;
        for (int i = 0; i < steps.length; i++) {
            total += steps[i] * (i % 7 + 1);
        }
        System.out.println("escape " + total + " " + steps[0] + " " + steps[h / 2 * w + w * 3 / 4]);
        int clipSum = 0;
        for (int i = 0; i < cs.length; i++) {
            clipSum += clipped(cs[i]);
        }
        System.out.println("clipped " + clipSum);
        Cell[] cells = new Cell[5000];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new Cell(i % 97, (i * 13) % 89);
        }
        System.out.println("weights " + weights(cells, new int[]{3, -2, 5, 7}));
    }
}
