/**
 * The conditions a search form keeps from the list it was opened from (hidden inputs, so they also
 * work before hydration). Its own module: the area form imports only this, not the feature form.
 */
export function CarriedConditions({ carry }: { carry: URLSearchParams }) {
  return (
    <>
      {[...carry].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}
