package live

// SetLimits lowers how far b's subscribers may fall behind and how much
// history one replay gives, so tests need few events.
func (b *Broker) SetLimits(behind, replay int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.behind, b.replay = behind, replay
}
