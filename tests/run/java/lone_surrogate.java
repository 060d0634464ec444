// Java twin of lone_surrogate.somd.
class Main {
    public static void main(String[] args) {
        char high = '\uD800';
        char low = (char) (0xDC00 + args.length);
        System.out.println(high);
        System.out.println("a" + low + "b" + high);
        System.out.println(String.format("[%c] [%c]", high, 0xDFFF));
        System.out.println("x\uDBFFy");
        System.out.println((int) high + " " + (int) low);
    }
}
