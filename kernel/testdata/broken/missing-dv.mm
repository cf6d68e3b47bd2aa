$( A quantifier axiom that needs distinct variables, cited for x and y by th1, which
   lacks the condition $d x y. $)
  $c ( ) -> wff set |- A. $.
  $v x y z ph $.
  wph $f wff ph $.
  vx $f set x $.
  vy $f set y $.
  vz $f set z $.
  wal $a wff A. x ph $.
  ${
    $d x y $.
    ax-c $a |- ( A. x A. y ph -> A. y A. x ph ) $.
  $}
  $( A control that every checker must pass. $)
  th0 $p wff A. x ph $= wph vx wal $.
  th1 $p |- ( A. x A. y ph -> A. y A. x ph ) $= wph vx vy ax-c $.
