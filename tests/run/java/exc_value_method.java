// Java twin of exc_value_method.somd, with the sequential meaning of its Lime constructs:
// `@` is a loop building an array; value classes are final classes.
final class Cell {
    int x;
    int y;

    Cell(int x, int y) {
        this.x = x;
        this.y = y;
    }

    int ratio(int d) {
        return (x * 7 + y) / d;
    }
}

class Main {
    static int scaled(Cell c, int d) {
        return c.ratio(d) + 1;
    }

    public static void main(String[] args) {
        Cell[] cells = new Cell[5000];
        int[] ds = new int[5000];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new Cell(i % 97, (i * 13) % 89);
            ds[i] = 2500 - i;
        }
        int[] all = new int[cells.length];
        for (int i = 0; i < cells.length; i++) {
            all[i] = scaled(cells[i], ds[i]);
        }
        System.out.println(all[0]);
    }
}
