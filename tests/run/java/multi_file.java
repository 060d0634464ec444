// Java twin of multi_file.prog: both files' classes in one file; the SOMD method runs as one
// method instance over the whole array.
class Main {
    public static void main(String[] args) {
        Shapes s = new Shapes(4);
        System.out.println(s.area(3) + " " + Geometry.perimeter(3, 5) + " " + Geometry.UNIT);
        long[] sides = {1, 2, 3, 4, 5, 6, 7};
        System.out.println(Geometry.totalArea(sides));
    }
}

class Shapes {
    int scale;

    Shapes(int scale) {
        this.scale = scale;
    }

    int area(int side) {
        return side * side * scale;
    }
}

class Geometry {
    static final int UNIT = 10;

    static int perimeter(int a, int b) {
        return 2 * (a + b) * UNIT;
    }

    static long totalArea(long[] sides) {
        long s = 0;
        for (int i = 0; i < sides.length; i++) s += sides[i] * sides[i];
        return s;
    }
}
