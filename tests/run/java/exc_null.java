// Reading a field through a null reference throws NullPointerException.
class Main {
    public static void main(String[] args) {
        Cell head = new Cell(1, new Cell(2, null));
        System.out.println(head.value + head.next.value);
        Cell c = head.next.next;
        System.out.println(c == null);
        System.out.println(c.value);
    }
}

class Cell {
    int value;
    Cell next;

    Cell(int value, Cell next) {
        this.value = value;
        this.next = next;
    }
}
// throws-at: 8:28
