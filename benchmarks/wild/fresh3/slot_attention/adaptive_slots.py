from slot_attention import AdaptiveSlotWrapper, SlotAttention

model = AdaptiveSlotWrapper(SlotAttention(num_slots=10, dim=128, iters=3), temperature=0.5)
