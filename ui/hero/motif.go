package hero

import "math"

// Each motif draws into c and returns the alt text that describes what it
// drew. The counts in the alt text are the counts of shapes on the canvas.

// lattice (search problems) draws a grid of points and a self-avoiding walk
// of arcs between neighbouring points.
func lattice(c *canvas, r *rng, p palette) string {
	cols, rows := 5+r.intn(5), 3+r.intn(4)
	dx := float64(width-2*margin) / float64(cols-1)
	dy := float64(height-2*margin) / float64(rows-1)
	at := func(i, j int) (float64, float64) {
		return margin + float64(i)*dx, margin + float64(j)*dy
	}

	// The walk crosses the lattice from the left column to the right one:
	// each step goes right or, for a while, up or down within the column, so
	// it never meets itself.
	i, j := 0, r.intn(rows)
	x0, y0 := at(i, j)
	c.s(`<path fill="none" stroke="`, p.accent, `" stroke-width="3" stroke-linecap="round" d="M`)
	c.pt(x0, y0)
	arcs, dir := 0, 0
	for i < cols-1 {
		if dir == 0 {
			dir = 1 - 2*r.intn(2)
		}
		if r.intn(5) < 2 && j+dir >= 0 && j+dir < rows {
			j += dir
		} else {
			i++
			dir = 0
		}
		x1, y1 := at(i, j)
		// The control point sits off the segment's midpoint, to one side.
		bend := 0.28
		if r.intn(2) == 0 {
			bend = -bend
		}
		mx, my := (x0+x1)/2-(y1-y0)*bend, (y0+y1)/2+(x1-x0)*bend
		c.s(" Q")
		c.pt(mx, my)
		c.s(" ")
		c.pt(x1, y1)
		x0, y0 = x1, y1
		arcs++
	}
	c.s(`"/>`)

	c.s(`<g fill="`, p.ink, `">`)
	for b := 0; b < rows; b++ {
		for a := 0; a < cols; a++ {
			x, y := at(a, b)
			c.s("<circle")
			c.attr("cx", x)
			c.attr("cy", y)
			c.s(` r="5"/>`)
		}
	}
	c.s("</g>")
	return "A lattice of " + word(cols) + " by " + word(rows) + " points joined by " + count(arcs, "arc")
}

// curves (proof problems) draws a family of smooth curves that cross the
// frame from left to right, bending together.
func curves(c *canvas, r *rng, p palette) string {
	n := 4 + r.intn(4)
	amp := r.between(50, 110)
	phase := r.between(0, 2*math.Pi)
	spread := r.between(0.25, 0.6)
	drift := r.between(-50, 50)
	span := float64(height - 2*margin)
	c.s(`<g fill="none" stroke-width="3" stroke-linecap="round">`)
	for i := 0; i < n; i++ {
		f := (float64(i) + 0.5) / float64(n)
		y0 := margin + span*f
		y3 := clamp(y0+drift, margin, height-margin)
		t := phase + spread*float64(i)
		ink := p.ink
		if i%2 == 1 {
			ink = p.accent
		}
		c.s(`<path stroke="`, ink, `" d="M`)
		c.pt(margin, y0)
		c.s(" C")
		c.pt(width*0.36, y0+amp*math.Sin(t))
		c.s(" ")
		c.pt(width*0.64, y3-amp*math.Cos(t))
		c.s(" ")
		c.pt(width-margin, y3)
		c.s(`"/>`)
	}
	c.s("</g>")
	return capital(count(n, "smooth curve")) + " crossing the frame from left to right"
}

// bars (numerical problems) draws vertical bars whose heights follow a
// smooth wave, so that they read as rhythm, not as data.
func bars(c *canvas, r *rng, p palette) string {
	n := 9 + r.intn(7)
	phase := r.between(0, 2*math.Pi)
	freq := r.between(0.3, 0.8)
	slot := float64(width-2*margin) / float64(n)
	bw := slot * 0.36
	base := float64(height - margin)
	lo, hi := 60.0, float64(height-2*margin-24)
	c.s(`<g fill="`, p.ink, `">`)
	for i := 0; i < n; i++ {
		h := lo + (hi-lo)*(0.5+0.5*math.Sin(phase+freq*float64(i)))
		c.s("<rect")
		c.attr("x", margin+slot*float64(i)+(slot-bw)/2)
		c.attr("y", base-h)
		c.attr("width", bw)
		c.attr("height", h)
		c.s(` rx="3"/>`)
	}
	c.s("</g>")
	c.s(`<path stroke="`, p.accent, `" stroke-width="3" stroke-linecap="round" d="M`)
	c.pt(margin-8, base+6)
	c.s(" H")
	c.n(width - margin + 8)
	c.s(`"/>`)
	return capital(word(n)) + " vertical bars whose heights rise and fall in a wave, on a baseline"
}

// partition (classification problems) divides the frame into rectangular
// regions by repeated cuts and shades a few of them.
func partition(c *canvas, r *rng, p palette) string {
	type box struct{ x, y, w, h float64 }
	k := 4 + r.intn(5)
	boxes := []box{{margin, margin, width - 2*margin, height - 2*margin}}
	for len(boxes) < k {
		big := 0
		for i, b := range boxes {
			if b.w*b.h > boxes[big].w*boxes[big].h {
				big = i
			}
		}
		b := boxes[big]
		t := r.between(0.35, 0.65)
		var one, two box
		if b.w >= b.h {
			w := math.Round(b.w * t)
			one, two = box{b.x, b.y, w, b.h}, box{b.x + w, b.y, b.w - w, b.h}
		} else {
			h := math.Round(b.h * t)
			one, two = box{b.x, b.y, b.w, h}, box{b.x, b.y + h, b.w, b.h - h}
		}
		boxes[big] = one
		boxes = append(boxes, two)
	}
	shade := make([]bool, k)
	shaded := 1 + r.intn(3)
	for i := 0; i < shaded; {
		if s := r.intn(k); !shade[s] {
			shade[s] = true
			i++
		}
	}
	const gap = 5
	c.s(`<g stroke="`, p.ink, `" stroke-width="3" stroke-linejoin="round">`)
	for i, b := range boxes {
		fill := "none"
		if shade[i] {
			fill = p.tint
		}
		c.s(`<rect fill="`, fill, `"`)
		c.attr("x", b.x+gap)
		c.attr("y", b.y+gap)
		c.attr("width", b.w-2*gap)
		c.attr("height", b.h-2*gap)
		c.s(` rx="4"/>`)
	}
	c.s("</g>")
	return "A rectangle divided into " + count(k, "region") + ", " + word(shaded) + " of them shaded"
}

// rings is the motif for an unknown acceptance kind: concentric circles.
func rings(c *canvas, r *rng, p palette) string {
	n := 3 + r.intn(4)
	cx := width/2 + r.between(-120, 120)
	cy := height / 2.0
	step := float64(height/2-margin+20) / float64(n)
	c.s(`<g fill="none" stroke-width="3">`)
	for i := 1; i <= n; i++ {
		ink := p.ink
		if i%2 == 0 {
			ink = p.accent
		}
		c.s(`<circle stroke="`, ink, `"`)
		c.attr("cx", cx)
		c.attr("cy", cy)
		c.attr("r", step*float64(i))
		c.s("/>")
	}
	c.s("</g>")
	return capital(count(n, "concentric circle"))
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
