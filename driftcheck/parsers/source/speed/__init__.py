"""The speed layer: layer memo, config property memo, the fast path over plain values, the GC
pause and config-parametric traces. Each can be switched off; outputs are identical."""
