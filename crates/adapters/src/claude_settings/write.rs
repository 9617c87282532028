pub(super) fn plan(
    _ctx: &crate::Context,
    c: hook_ir::Convention,
    _h: &[hook_ir::Hook],
    _o: &crate::write::WriteOptions,
) -> crate::write::Plan {
    crate::write::Plan::unsupported(c)
}
