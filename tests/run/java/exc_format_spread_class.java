// The elements of an array of objects given as `printf`'s one argument are its arguments;
// a conversion that does not take one names the element's class.
class Box {
    int v;
}

class Main {
    public static void main(String[] args) {
        Box[] boxes = {new Box(), null};
        System.out.printf("%b %b%n", (Object[]) boxes);
        System.out.printf("%s %d%n", boxes[1], boxes[0]);
    }
}
