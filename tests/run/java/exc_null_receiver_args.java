// Java twin of exc_null_receiver_args.somd.
class Box {
    int v;

    int plus(int k) {
        return v + k;
    }
}

class Main {
    public static void main(String[] args) {
        Box b = new Box();
        int[] a = new int[3];
        System.out.println(b.plus(a[2]));
        b = null;
        System.out.println(b.plus(a[a.length]));
    }
}
