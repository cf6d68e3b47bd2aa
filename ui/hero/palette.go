package hero

// palette is a pair of inks and a light tint. Both inks reach a contrast
// ratio of at least 4.5:1 against white and against the background (WCAG
// AA for text, above the 3:1 that graphics need); the tint only fills
// shapes that an ink outlines.
type palette struct {
	ink, accent, tint string
}

// background is the faint warm paper the pattern sits on.
const background = "#FAF9F6"

var palettes = []palette{
	{ink: "#1D4E89", accent: "#8A4B08", tint: "#E3ECF6"}, // blue, amber
	{ink: "#0B6149", accent: "#5B3F8C", tint: "#E0F0EA"}, // green, violet
	{ink: "#7A2E3A", accent: "#24577A", tint: "#F5E6E8"}, // wine, steel
	{ink: "#3D4A5C", accent: "#0F6670", tint: "#E6EAEF"}, // slate, teal
	{ink: "#5A3E1B", accent: "#2F5D2A", tint: "#F1EADF"}, // umber, moss
}
