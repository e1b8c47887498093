// Placeholder entry while the app shell is written.
document.getElementById("app")!.textContent = "Mazeworks";
