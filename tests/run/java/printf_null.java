// Java twin of printf_null.somd.
class Point {
    int x;
}

class Main {
    public static void main(String[] args) {
        String none = null;
        String text = "text";
        Point nowhere = null;
        Point here = new Point();
        int[] noArray = null;
        System.out.printf("%b %b %b %b %b %b%n", none, text, nowhere, here, noArray, 0);
        System.out.printf("%B|%b|%s|%S|%6s|%-6s|%.2s|%n", none, null, none, nowhere, null, none, none);
        System.out.println(String.format("[%b] [%s] [%b]", args.length > 9 ? text : none, none, false));
    }
}
