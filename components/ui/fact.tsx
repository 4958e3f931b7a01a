/** One fact of a description list (`<dl>`): its term and value; the list's class lays them out. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
