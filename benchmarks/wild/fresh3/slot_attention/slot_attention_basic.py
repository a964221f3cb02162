from slot_attention import SlotAttention

model = SlotAttention(num_slots=7, dim=64, iters=3, hidden_dim=128)
