// Sort the claims table by a column when its header button is pressed. The page works without it.
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("th button[data-column]").forEach(function (button) {
    button.addEventListener("click", function () {
      var th = button.closest("th");
      var column = Number(button.dataset.column);
      var descending = th.getAttribute("aria-sort") !== "descending";
      table.querySelectorAll("th[aria-sort]").forEach(function (other) {
        other.removeAttribute("aria-sort");
      });
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[column].dataset.sort, y = b.cells[column].dataset.sort;
        var nx = Number(x), ny = Number(y);
        var order = isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny;
        return (descending ? -order : order) || Number(a.cells[0].dataset.sort) - Number(b.cells[0].dataset.sort);
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
