package tex

import (
	"strings"
	"unicode"
)

// runeKind classifies a non-ASCII character of a formula.
func runeKind(r rune) AtomKind {
	switch {
	case strings.ContainsRune("ℕℤℚℝℂℙℍ", r) || 0x1D538 <= r && r <= 0x1D56B:
		return AtomConst
	case strings.ContainsRune("∞∅", r):
		return AtomConst
	case unicode.IsLetter(r):
		return AtomIdent
	case strings.ContainsRune("≤≥≠∈∉∋⊂⊆⊃⊇⊊⊋→←↦≡≈∼≅≪≫∣⇒⇔⟹⟺≺≻≍", r):
		return AtomRel
	case strings.ContainsRune("∑∏∫∮⋃⋂⨁⨂", r):
		return AtomBigOp
	case strings.ContainsRune("∀∃∄", r):
		return AtomQuant
	case strings.ContainsRune("…⋯⋮⋱", r):
		return AtomDots
	case strings.ContainsRune("⟨⌊⌈", r):
		return AtomOpen
	case strings.ContainsRune("⟩⌋⌉", r):
		return AtomClose
	case r == '‖':
		return AtomBar
	case unicode.IsDigit(r):
		return AtomNumber
	}
	return AtomOp
}

// wordSet makes a set of the space-separated names in s.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// kindsOf makes the kind table of the names in each group.
func kindsOf(groups map[AtomKind]string) map[string]AtomKind {
	m := map[string]AtomKind{}
	for k, names := range groups {
		for _, w := range strings.Fields(names) {
			m[w] = k
		}
	}
	return m
}

var (
	greek = wordSet(`alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa varkappa
		lambda mu nu xi omicron pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega
		Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega varGamma varDelta varTheta varLambda
		varXi varPi varSigma varUpsilon varPhi varPsi varOmega digamma ell`)

	kinds = kindsOf(map[AtomKind]string{
		AtomRel: `le leq ge geq leqslant geqslant lt gt ne neq in notin ni subset subseteq subsetneq supset
			supseteq supsetneq subseteqq supseteqq colon to mapsto rightarrow leftarrow longrightarrow
			longmapsto Rightarrow Leftarrow Leftrightarrow Longrightarrow Longleftrightarrow iff implies
			impliedby equiv cong approx sim simeq asymp propto mid nmid parallel perp ll gg prec succ
			preceq succeq coloneqq eqqcolon coloneq Coloneqq doteq triangleq vdash models hookrightarrow
			twoheadrightarrow leadsto lesssim gtrsim lessapprox gtrapprox nleq ngeq nless ngtr nsim ncong
			lhd rhd unlhd unrhd trianglelefteq trianglerighteq vartriangleleft vartriangleright`,
		AtomOp: `cdot times div pm mp cup cap setminus smallsetminus circ oplus otimes ominus odot wedge vee
			ast star bullet bmod backslash neg lnot land lor sqcup sqcap uplus dagger ddagger prime partial
			nabla not mod amalg wr diamond triangle bigtriangleup bigtriangledown cdotp ldotp`,
		AtomBigOp: `sum prod coprod int iint iiint oint oiint bigcup bigcap bigsqcup bigvee bigwedge bigoplus
			bigotimes bigodot biguplus lim liminf limsup max min sup inf varlimsup varliminf injlim
			projlim argmax argmin`,
		AtomFunc: `log ln lg exp sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan arg deg
			det dim gcd hom ker Pr pmod pod sgn`,
		AtomConst: `infty emptyset varnothing aleph beth gimel hbar hslash top bot Re Im wp complement
			R N Z reals Reals natnums Complex`,
		AtomDots:  `dots ldots cdots vdots ddots dotsc dotsb dotsm dotsi dotso`,
		AtomQuant: `forall exists nexists`,
		AtomOpen:  `langle lvert lVert lfloor lceil lbrace lbrack lang lgroup ulcorner llcorner`,
		AtomClose: `rangle rvert rVert rfloor rceil rbrace rbrack rang rgroup urcorner lrcorner`,
		AtomBar:   `vert Vert`,
	})

	delimiters = wordSet(`langle rangle lvert rvert lVert rVert vert Vert lfloor rfloor lceil rceil
		lbrace rbrace lbrack rbrack backslash uparrow downarrow updownarrow Uparrow Downarrow Updownarrow
		lgroup rgroup lmoustache rmoustache lang rang ulcorner urcorner llcorner lrcorner lt gt`)

	spacing = wordSet(`quad qquad enspace enskip thinspace medspace thickspace negthinspace negmedspace
		negthickspace displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits big Big bigg
		Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm biggm Biggm kern mkern mskip hskip
		space nobreakspace relax allowbreak nobreak tiny scriptsize footnotesize small normalsize large
		Large LARGE huge Huge rm bf it sf tt cal frak Bbb boldsymbol mathstrut`)
	dimensioned = wordSet(`kern mkern mskip hskip`)

	fonts = wordSet(`mathbb mathcal mathscr mathfrak mathbf boldsymbol bm mathit mathrm mathsf mathtt
		mathnormal Bbb bold frak pmb mathsfit`)
	// constFonts are the fonts whose letters name fixed objects (ℝ, an upright d, the
	// transpose) rather than variables.
	constFonts = wordSet(`mathbb Bbb mathrm mathsf mathtt operatorname`)

	textCommands = wordSet(`text textrm textit textbf textsf texttt textnormal textup textmd emph mbox
		hbox textsc textsl operatorname operatorname* intertext shortintertext`)
	accents = wordSet(`hat bar tilde vec dot ddot check breve acute grave widehat widetilde overline
		underline mathring overrightarrow overleftarrow widecheck utilde underbar`)
	definers = wordSet(`newcommand renewcommand providecommand def gdef edef xdef let DeclareMathOperator`)

	// skipArgs are commands whose first arguments are not mathematics (a colour, a tag, a
	// length, a URL), with how many to skip.
	skipArgs = map[string]int{"color": 1, "textcolor": 1, "colorbox": 1, "fcolorbox": 2, "tag": 1,
		"tag*": 1, "label": 1, "ref": 1, "eqref": 1, "hspace": 1, "hspace*": 1, "vspace": 1, "href": 1,
		"url": 1, "rule": 2, "raisebox": 1, "htmlClass": 1, "htmlId": 1, "htmlStyle": 1, "htmlData": 1,
		"includegraphics": 1}

	// displayEnvs are the environments that open a formula in prose.
	displayEnvs = wordSet(`equation equation* align align* gather gather* alignat alignat* multline
		multline* eqnarray eqnarray* displaymath math flalign flalign*`)
	// columnEnvs take a column specification after \begin{…}.
	columnEnvs = wordSet(`array darray subarray alignat alignat* alignedat`)
	// katexEnvs are the environments KaTeX renders.
	katexEnvs = wordSet(`matrix matrix* pmatrix pmatrix* bmatrix bmatrix* Bmatrix Bmatrix* vmatrix vmatrix*
		Vmatrix Vmatrix* smallmatrix array darray subarray align align* aligned split gathered gather
		gather* alignat alignat* alignedat equation equation* cases dcases rcases drcases CD`)
)

// katexKnown is the set of control words KaTeX renders.
var katexKnown = wordSet(katexNames)

// katexNames are the control words KaTeX renders, from its support table (docs/support_table.md
// of github.com/KaTeX/KaTeX, the entries not marked "Not supported"), without the backslash.
const katexNames = `
	AA AE Alpha And Bbb Bbbk Beta Big Bigg Biggl Biggm Biggr Bigl Bigm Bigr Box Bra Braket
	Bumpeq Cap Chi Colonapprox Coloneq Coloneqq Colonsim Complex Cup Dagger Darr Delta Diamond
	Doteq Downarrow Epsilon Eqcolon Eqqcolon Eta Finv Game Gamma H Harr Huge Im Iota Join KaTeX
	Kappa Ket LARGE LaTeX Lambda Large Larr Leftarrow Leftrightarrow Lleftarrow Longleftarrow
	Longleftrightarrow Longrightarrow Lrarr Lsh Mu N Nu O OE Omega Omicron Overrightarrow P Phi Pi
	Pr Psi R Rarr Re Reals Rho Rightarrow Rrightarrow Rsh S Set Sigma Subset Supset Tau TeX Theta
	Uarr Uparrow Updownarrow Upsilon Vdash Vert Vvdash Xi Z Zeta aa above acute ae alef alefsym
	aleph allowbreak alpha amalg angl angle angln approx approxcolon approxcoloncolon approxeq
	arccos arcctg arcsin arctan arctg arg argmax argmin arraystretch ast asymp atop backepsilon
	backprime backsim backsimeq backslash bar barwedge bcancel because begin begingroup beta
	beth between bf big bigcap bigcirc bigcup bigg biggl biggm biggr bigl bigm bigodot bigoplus
	bigotimes bigr bigsqcup bigstar bigtriangledown bigtriangleup biguplus bigvee bigwedge binom
	blacklozenge blacksquare blacktriangle blacktriangledown blacktriangleleft blacktriangleright
	bm bmod bold boldsymbol bot bowtie boxdot boxed boxminus boxplus boxtimes bra brace brack
	braket breve bull bullet bumpeq cal cancel cap cdot cdotp cdots centerdot cfrac ch char check
	checkmark chi choose circ circeq circlearrowleft circlearrowright circledR circledS circledast
	circledcirc circleddash clubs clubsuit cnums colon colonapprox coloncolon coloncolonapprox
	coloncolonequals coloncolonminus coloncolonsim coloneq coloneqq colonequals colonminus
	colonsim color colorbox complement cong coprod copyright cos cosec cosh cot cotg coth cr
	csc ctg cth cup curlyeqprec curlyeqsucc curlyvee curlywedge curvearrowleft curvearrowright
	dArr dag dagger daleth darr dashleftarrow dashrightarrow dashv dbinom dblcolon ddag ddagger
	ddddot dddot ddot ddots def deg degree delta det dfrac diagdown diagup diamond diamonds
	diamondsuit digamma dim displaystyle div divideontimes dot doteq doteqdot dotplus dots
	dotsb dotsc dotsi dotsm dotso doublebarwedge doublecap doublecup downarrow downdownarrows
	downharpoonleft downharpoonright edef ell emph empty emptyset end endgroup enspace epsilon
	eqcirc eqcolon eqqcolon eqsim eqslantgtr eqslantless equalscolon equalscoloncolon equiv
	eta eth exist exists exp expandafter fallingdotseq fbox fcolorbox flat footnotesize forall
	frac frak frown futurelet gamma gcd gdef ge genfrac geq geqq geqslant gets gg ggg gggtr
	gimel global gnapprox gneq gneqq gnsim grave gt gtrapprox gtrdot gtreqless gtreqqless
	gtrless gtrsim gvertneqq hArr harr hat hbar hbox hdashline hearts heartsuit hline hom
	hookleftarrow hookrightarrow hphantom href hskip hslash hspace htmlClass htmlData htmlId
	htmlStyle huge i iff iiint iint image imageof imath impliedby implies in includegraphics
	inf infin infty injlim int intercal intop iota isin it j jmath kappa ker kern ket lArr
	lBrace lVert lambda land lang langle large larr lbrace lbrack lceil ldotp ldots le leadsto
	left leftarrow leftarrowtail leftharpoondown leftharpoonup leftleftarrows leftrightarrow
	leftrightarrows leftrightharpoons leftrightsquigarrow leftthreetimes leq leqq leqslant
	lessapprox lessdot lesseqgtr lesseqqgtr lessgtr lesssim let lfloor lg lgroup lhd lim liminf
	limits limsup ll llap llbracket llcorner lll llless lmoustache ln lnapprox lneq lneqq lnot
	lnsim log long longleftarrow longleftrightarrow longmapsto longrightarrow looparrowleft
	looparrowright lor lozenge lparen lq lrArr lrarr lrcorner lt ltimes lvert lvertneqq
	maltese mapsto mathbb mathbf mathbin mathcal mathchoice mathclap mathclose mathellipsis
	mathfrak mathinner mathit mathllap mathnormal mathop mathopen mathord mathpunct mathrel
	mathring mathrlap mathrm mathscr mathsf mathsterling mathstrut mathtt max measuredangle
	medspace mho mid middle min minuscolon minuscoloncolon minuso mkern mod models mp mskip mu
	multimap nLeftarrow nLeftrightarrow nRightarrow nVDash nVdash nabla natnums natural ncong
	ne nearrow neg negmedspace negthickspace negthinspace neq newcommand newline nexists ngeq
	ngeqq ngeqslant ngtr ni nleftarrow nleftrightarrow nleq nleqq nleqslant nless nmid nobreak
	nobreakspace noexpand nolimits nonumber normalsize not notag notin notni nparallel nprec
	npreceq nrightarrow nshortmid nshortparallel nsim nsubseteq nsubseteqq nsucc nsucceq nsupseteq
	nsupseteqq ntriangleleft ntrianglelefteq ntriangleright ntrianglerighteq nu nvDash nvdash
	nwarrow o odot oe oiiint oiint oint omega omicron ominus operatorname operatornamewithlimits
	oplus origof oslash otimes over overbrace overbracket overgroup overleftarrow overleftharpoon
	overleftrightarrow overline overlinesegment overrightarrow overrightharpoon overset owns
	parallel partial perp phantom phase phi pi pitchfork plim plusmn pm pmb pmod pod pounds
	prec precapprox preccurlyeq preceq precnapprox precneqq precnsim precsim prime prod projlim
	propto providecommand psi qquad quad r rArr rBrace rVert raisebox rang rangle rarr ratio
	rbrace rbrack rceil real reals relax renewcommand restriction rfloor rgroup rhd rho right
	rightarrow rightarrowtail rightharpoondown rightharpoonup rightleftarrows rightleftharpoons
	rightrightarrows rightsquigarrow rightthreetimes risingdotseq rlap rm rmoustache rparen rq
	rrbracket rtimes rule rvert scriptscriptstyle scriptsize scriptstyle sdot searrow sec sect
	set setminus sf sh sharp shortmid shortparallel sigma sim simcolon simcoloncolon simeq sin
	sinh sixptsize small smallfrown smallint smallsetminus smallsmile smash smile sout space
	spades spadesuit sphericalangle sqcap sqcup sqrt sqsubset sqsubseteq sqsupset sqsupseteq
	square ss stackrel star sub sube subset subseteq subseteqq subsetneq subsetneqq substack
	succ succapprox succcurlyeq succeq succnapprox succneqq succnsim succsim sum sup supe
	supset supseteq supseteqq supsetneq supsetneqq surd swarrow tag tag* tan tanh tau
	tbinom text textasciicircum textasciitilde textbackslash textbar textbardbl textbf
	textbraceleft textbraceright textcircled textcolor textdagger textdaggerdbl textdegree
	textdollar textellipsis textemdash textendash textgreater textit textless textmd textnormal
	textquotedblleft textquotedblright textquoteleft textquoteright textregistered textrm textsf
	textsterling textstyle texttt textunderscore textup tfrac tg th therefore theta thetasym
	thickapprox thicksim thickspace thinspace tilde times tiny to top triangle triangledown
	triangleleft trianglelefteq triangleq triangleright trianglerighteq tt twoheadleftarrow
	twoheadrightarrow u uArr uarr ulcorner underbar underbrace underbracket undergroup
	underleftarrow underleftrightarrow underline underlinesegment underrightarrow underset unlhd
	unrhd uparrow updownarrow upharpoonleft upharpoonright uplus upsilon upuparrows urcorner url
	utilde v vDash varDelta varGamma varLambda varOmega varPhi varPi varPsi varSigma varTheta
	varUpsilon varXi varepsilon varinjlim varkappa varliminf varlimsup varnothing varphi varpi
	varprojlim varpropto varrho varsigma varsubsetneq varsubsetneqq varsupsetneq varsupsetneqq
	vartheta vartriangle vartriangleleft vartriangleright vcentcolon vcenter vdash vdots vec
	vee veebar verb vert vphantom wedge weierp widecheck widehat widetilde wp wr xLeftarrow
	xLeftrightarrow xRightarrow xcancel xdef xhookleftarrow xhookrightarrow xi xleftarrow
	xleftharpoondown xleftharpoonup xleftrightarrow xleftrightharpoons xlongequal xmapsto
	xrightarrow xrightharpoondown xrightharpoonup xrightleftharpoons xtofrom xtwoheadleftarrow
	xtwoheadrightarrow yen zeta
`
